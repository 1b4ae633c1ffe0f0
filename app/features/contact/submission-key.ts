import type { ContactSubmission } from '../../../contract/contact';
import { uuidFromBytes } from '../../../contract/uuid';

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A random (version 4) UUID. crypto.randomUUID exists only in secure contexts,
 * so a site opened over plain http (a LAN address, a staging box) has none;
 * crypto.getRandomValues exists everywhere, and RFC 9562 section 5.4 says
 * which bits to set on 16 random bytes.
 */
export function randomUuid(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  return uuidFromBytes(source.getRandomValues(new Uint8Array(16)), 4);
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
