import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryRecord, journalText, makeTempDir, snapshotText } from '../test-support/fixtures';
import { readStoreUnlocked } from './read-store';
import { emptyStoreData } from './schema';
import { storeFilesFor } from './store-files';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let files: ReturnType<typeof storeFilesFor>;

beforeEach(async () => {
  temp = await makeTempDir();
  files = storeFilesFor(path.join(temp.dir, 'db.json'));
  await mkdir(temp.dir, { recursive: true });
});
afterEach(() => temp.remove());

describe('reading the store while the service runs (no lock)', () => {
  const [a, b] = [enquiryRecord(1), enquiryRecord(2)];

  it('waits out a checkpoint between its two renames, when neither journal is at its name', async () => {
    await writeFile(files.snapshot, snapshotText({ ...emptyStoreData(), enquiries: [a] }, 1));
    await writeFile(`${files.journal}.switching`, journalText(1, [b]));
    const reading = readStoreUnlocked(files.snapshot);
    setTimeout(() => void rename(`${files.journal}.switching`, files.journal), 60);
    expect((await reading).data.enquiries.map((record) => record.id)).toEqual([a.id, b.id]);
  });

  it('reads a snapshot copied alone, after those retries', async () => {
    await writeFile(files.snapshot, snapshotText({ ...emptyStoreData(), enquiries: [a, b] }, 3));
    const loaded = await readStoreUnlocked(files.snapshot);
    expect(loaded.data.enquiries.map((record) => record.id)).toEqual([a.id, b.id]);
    expect(loaded.journalFound).toBe(false);
  });
});
