/**
 * What a person was writing in the inbox (a note not yet added), kept in the
 * page's memory and nowhere else, so that a session that ends while they
 * write (30 minutes idle, or ended on another device) costs them a sign-in,
 * not the text. Another person signing in on the same page gets none of it.
 */
export class Drafts {
  #owner: string | null = null;
  readonly #texts = new Map<string, string>();

  /** These drafts, as the person `userId`'s: another person's are dropped first. */
  of(userId: string): Drafts {
    if (this.#owner !== userId) this.clear();
    this.#owner = userId;
    return this;
  }

  get(key: string): string {
    return this.#texts.get(key) ?? '';
  }

  /** Keeps `text` under `key`; nothing to keep (blank) drops it. */
  set(key: string, text: string): void {
    if (text.trim() === '') this.#texts.delete(key);
    else this.#texts.set(key, text);
  }

  clear(): void {
    this.#texts.clear();
    this.#owner = null;
  }
}
