/**
 * Retention, as the personal-data notice promises: enquiries and spam older
 * than RETENTION_DAYS are deleted by the service itself, at start and then
 * daily, with the same compaction as `delete --email`, so they are gone from
 * disk. The log says how many, never what.
 */
import type { Log } from './log';
import type { Store } from './store-interface';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  store: Pick<Store, 'deleteOlderThan'>;
  /** 0 keeps everything. */
  days: number;
  log: Log;
  now?: () => Date;
  /** How often the sweep runs after the one at start. */
  everyMs?: number;
}

/** Deletes what is older than `days` now; resolves with the counts. */
export async function sweepExpired({ store, days, log, now = () => new Date() }: RetentionOptions) {
  const cutoff = new Date(now().getTime() - days * DAY_MS);
  const deleted = await store.deleteOlderThan(cutoff);
  if (deleted.enquiries + deleted.spam > 0) {
    log({ level: 'info', msg: 'retention: old records deleted', olderThan: cutoff.toISOString(), ...deleted });
  }
  return deleted;
}

/** Sweeps at once and then every day. Returns the function that stops it. */
export function startRetention(options: RetentionOptions): () => void {
  if (options.days === 0) return () => {};
  const sweep = () =>
    sweepExpired(options).catch((error: unknown) =>
      options.log({ level: 'error', msg: 'retention: old records could not be deleted', error: String(error) }),
    );
  void sweep();
  const timer = setInterval(sweep, options.everyMs ?? DAY_MS).unref();
  return () => clearInterval(timer);
}
