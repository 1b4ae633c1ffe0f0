/**
 * What the service looks for at once and then at an interval, on every
 * instance (reminders due, the daily digest, the audit log's head): a look
 * that fails is logged and the next one tries again.
 */
import type { Log } from './log';

/** Runs `look` now and every `everyMs`, logging a failure as `failure`. Returns the function that stops it. */
export function lookEvery(everyMs: number, look: () => Promise<unknown>, log: Log, failure: string): () => void {
  const once = () => look().catch((error: unknown) => log({ level: 'error', msg: failure, error: String(error) }));
  void once();
  const timer = setInterval(once, everyMs).unref();
  return () => clearInterval(timer);
}
