/**
 * Reading the store without its lock, for the enquiries CLI while the service
 * runs. The service may compact while we read; that shows up as a journal of
 * a newer generation than the snapshot we read, and we read again.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { StoreFileError, loadStoreFiles, storeFilesFor, type LoadedStore } from './store-files';

const ATTEMPTS = 5;
const RETRY_DELAY_MS = 50;

export async function readStoreUnlocked(dbFile: string): Promise<LoadedStore> {
  const files = storeFilesFor(dbFile);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await loadStoreFiles(files);
    } catch (error) {
      if (!(error instanceof StoreFileError && error.transient) || attempt >= ATTEMPTS) throw error;
      await delay(RETRY_DELAY_MS);
    }
  }
}
