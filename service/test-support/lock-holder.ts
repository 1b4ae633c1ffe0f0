/**
 * A process that takes a store's lock and says so: lock-file.test.ts runs it
 * in PID namespaces of its own, as containers sharing a volume would.
 * Arguments: the lock file, the renewal and staleness times in ms, and `hold`
 * to keep the lock until killed.
 */
import { acquireLock } from '../db/lock-file';

const [file, renewMs, staleMs, hold] = process.argv.slice(2);
try {
  await acquireLock(file!, { renewMs: Number(renewMs), staleMs: Number(staleMs) });
  console.log(`held by pid ${process.pid}`);
  if (hold === 'hold') setInterval(() => {}, 60_000);
} catch (error) {
  console.log(`refused: ${(error as Error).message}`);
  process.exitCode = 3;
}
