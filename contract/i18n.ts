/**
 * Messages in the visitor's language, through Lingui: one translator per
 * language, over that language's catalogue (contract/messages/<code>.ts).
 * The page gets catalogues compiled at build (config/compile-messages.ts);
 * the service and the tests compile them when they load them
 * (`translatorFor` with Lingui's compiler), so the page's JavaScript never carries the compiler.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { LOCALES, type Locale } from './locales';
import type { messages as ENGLISH } from './messages/en';

export type MessageId = keyof typeof ENGLISH;
/** A language's catalogue: every key of the English one, each an ICU message. */
export type Catalogue = Readonly<Record<MessageId, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A language's catalogue module, loaded on its own: a page carries only its language. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return ((await import(`./messages/${locale}.ts`)) as { messages: Catalogue }).messages;
}

/** `compile` turns an ICU message into Lingui's form; not needed when the catalogue was compiled at build. */
export function translatorFor(locale: Locale, catalogue: Catalogue, compile?: (message: string) => unknown): Translate {
  const i18n = setupI18n();
  if (compile) i18n.setMessagesCompiler(compile as Parameters<typeof i18n.setMessagesCompiler>[0]);
  i18n.load(locale, catalogue as unknown as Messages);
  i18n.activate(locale, [LOCALES[locale].intl]);
  return (id, values) => i18n._(id, values);
}

/**
 * The text of a message without placeholders, read straight from a catalogue
 * module (as content that quotes the form's labels does): the browser build
 * holds it compiled, as a one-piece array, the service as written.
 */
export function plainMessage(catalogue: Catalogue, id: MessageId): string {
  const message: unknown = catalogue[id];
  return Array.isArray(message) ? message.join('') : String(message);
}
