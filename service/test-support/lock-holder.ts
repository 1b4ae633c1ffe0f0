/**
 * A process that takes a store's lock and says so: store-lock.test.ts runs it
 * in PID namespaces of its own, as containers sharing a volume would.
 * Arguments: DB_FILE, the staleness time in ms, and `hold` to keep the lock until killed.
 */
import { lockStore } from '../db/store-lock';

const [dbFile, staleMs, hold] = process.argv.slice(2);
try {
  await lockStore(dbFile!, { staleMs: Number(staleMs) });
  console.log(`held by pid ${process.pid}`);
  if (hold === 'hold') setInterval(() => {}, 60_000);
} catch (error) {
  console.log(`refused: ${(error as Error).message}`);
  process.exitCode = 3;
}
