import type { ContactSubmission } from '../../../contract/contact';

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A random (version 4) UUID. crypto.randomUUID exists only in secure contexts,
 * so a site opened over plain http (a LAN address, a staging box) has none;
 * crypto.getRandomValues exists everywhere, and RFC 9562 section 5.4 says
 * which bits to set on 16 random bytes.
 */
export function randomUuid(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Idempotency keys per submission: the same content sent again (a retry after
 * a failure whose answer may have been lost) reuses its key, so the service
 * stores it once; new content, or a delivered one, gets a fresh key.
 */
export function createSubmissionKeys(makeKey: () => string = () => randomUuid()) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(submission: ContactSubmission): string {
      const fingerprint = JSON.stringify(submission);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      return current.key;
    },
    /** Forget the key once its submission was delivered. */
    settle(): void {
      current = null;
    },
  };
}
