/**
 * U+200B, where a Chinese heading may break between two phrases. Headings keep
 * their words whole and break at their punctuation (word-break: keep-all, in
 * uno.config.ts); a longer run without punctuation needs these, or a narrow
 * screen breaks it wherever the line ends, often leaving one character alone.
 */
const PHRASE_BREAK = '\u200B';

/** A heading's phrases, joined where its line may break. */
export const phrases = (...parts: readonly string[]): string => parts.join(PHRASE_BREAK);
