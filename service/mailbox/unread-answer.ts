/**
 * An answer whose headers matched an enquiry but whose body was not read
 * (too large to fetch, or unreadable after its tries): kept in the thread
 * from its header section, so that staff see it came and read it in the
 * firm's mailbox, rather than the answer vanishing into a skipped count.
 */
import { createHash } from 'node:crypto';
import type { MailHeaders, ParsedAnswer } from './parse-mail';

export type UnreadReason = 'too large' | 'unreadable';

export function unreadAnswer(headers: MailHeaders, size: number, reason: UnreadReason, raw?: Buffer): ParsedAnswer {
  return {
    ...headers,
    // Too large: never fetched, so no hash of bytes the service did not see (the thread knows it by its Message-ID).
    ...(raw && { sha256: createHash('sha256').update(raw).digest('hex') }),
    text: `Not read: ${reason} (${size} bytes). Open it in the firm's mailbox.`,
    attachments: [],
  };
}
