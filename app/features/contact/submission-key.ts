import type { ContactSubmission } from '../../../contract/contact';

/**
 * Idempotency keys per submission: the same content sent again (a retry after
 * a failure whose answer may have been lost) reuses its key, so the service
 * stores it once; new content, or a delivered one, gets a fresh key.
 */
export function createSubmissionKeys(makeKey: () => string = () => crypto.randomUUID()) {
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
