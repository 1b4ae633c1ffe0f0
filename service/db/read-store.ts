/**
 * Reading the store without its lock, for the enquiries CLI while the service
 * runs. The service may compact while we read; that shows up as a journal of
 * a newer generation than the snapshot we read, and we read again. A snapshot
 * without any journal is read again too: a checkpoint moves the journal aside
 * and the next one in with two renames, and a read between them would miss
 * the lines of the one set aside. A snapshot that is still alone after the
 * retries (a copy of DB_FILE by itself, say) is read as it is.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { StoreFileError, loadStoreFiles, storeFilesFor, type LoadedStore } from './store-files';

const ATTEMPTS = 5;
const RETRY_DELAY_MS = 50;

export async function readStoreUnlocked(dbFile: string): Promise<LoadedStore> {
  const files = storeFilesFor(dbFile);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const loaded = await loadStoreFiles(files);
      if (loaded.snapshotFound && !loaded.journalFound && attempt < ATTEMPTS) {
        await delay(RETRY_DELAY_MS);
        continue;
      }
      return loaded;
    } catch (error) {
      if (!(error instanceof StoreFileError && error.transient) || attempt >= ATTEMPTS) throw error;
      await delay(RETRY_DELAY_MS);
    }
  }
}
