/**
 * Reads a snapshot a line at a time, as snapshotPieces() lays it out (the
 * head, then each collection with one record per line), so that its text is
 * never in memory whole. Read as one string, the snapshot of 100,000
 * enquiries with their alerts is 75 MB beside the records parsed from it,
 * and it stays resident until the next full garbage collection, which an
 * idle service may put off for half a minute and more. Anything laid out
 * otherwise (a file edited by hand, say) is left to JSON.parse of the whole
 * text, which also words the errors: this reader only ever answers "not my
 * layout".
 */
import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1 << 20;
const COLLECTION_OPENS = /^"([a-z]+)":\[(\]?)(,?)$/;
const COLLECTION_CLOSES = /^\](,?)$/;

/**
 * The file's text split at every "\n", as String.split would, a chunk of
 * lines at a time. Reads at explicit positions, leaving the handle's own
 * position at the start for a whole read after it.
 */
async function* lineBatches(handle: FileHandle, chunkBytes: number): AsyncGenerator<string[]> {
  // Two buffers in turn: the next chunk is read while this one's lines are parsed, instead
  // of after (15 ms of a start at 100,000 enquiries from the page cache, more from a disk).
  const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)] as const;
  /** The bytes of a line that the chunks so far have not finished, copied out of their buffer. */
  let unfinished = Buffer.alloc(0);
  let position = 0;
  let reading = handle.read(buffers[0], 0, chunkBytes, position);
  try {
    for (let turn = 0; ; turn = 1 - turn) {
      const { bytesRead, buffer } = await reading;
      if (bytesRead === 0) break;
      position += bytesRead;
      reading = handle.read(buffers[1 - turn]!, 0, chunkBytes, position);
      const bytes = buffer.subarray(0, bytesRead);
      const first = bytes.indexOf(0x0a);
      if (first === -1) {
        unfinished = Buffer.concat([unfinished, bytes]);
        continue;
      }
      // A "\n" byte is never part of a longer UTF-8 character: the text between two decodes on its own.
      const lines = [Buffer.concat([unfinished, bytes.subarray(0, first)]).toString('utf8')];
      const last = bytes.lastIndexOf(0x0a);
      unfinished = Buffer.from(bytes.subarray(last + 1));
      yield last === first ? lines : lines.concat(bytes.toString('utf8', first + 1, last).split('\n'));
    }
  } finally {
    // Stopped early (not our layout), the read in flight must end before the caller reads or closes the file.
    await reading.catch(() => {});
  }
  yield [unfinished.toString('utf8')];
}

/** JSON.parse, or undefined for text that is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Called with a collection's records as the file gives them, a chunk at a
 * time (`from` is the position of the first new one): work done on each
 * record while it is fresh in the processor's caches costs less than a pass
 * over 200,000 of them after the whole file. It may replace the new records.
 */
export type OnRecords = (collection: string, records: unknown[], from: number) => void;

/**
 * The snapshot's JSON document, exactly as JSON.parse of the whole file would
 * make it (but for what `onRecords` replaced), or undefined when the file is
 * not laid out line by line.
 */
export async function readSnapshotLines(
  handle: FileHandle,
  { chunkBytes = CHUNK_BYTES, onRecords }: { chunkBytes?: number; onRecords?: OnRecords } = {},
): Promise<Record<string, unknown> | undefined> {
  let document: Record<string, unknown> | undefined;
  /** The collection being read, how many of its records onRecords has seen, and whether its last record line ended with a comma. */
  let collection = '';
  let records: unknown[] = [];
  let seen = 0;
  let moreRecords = false;
  let state: 'head' | 'collection' | 'records' | 'end' | 'done' = 'head';
  const handOver = () => {
    if (records.length > seen) onRecords?.(collection, records, seen);
    seen = records.length;
  };
  for await (const lines of lineBatches(handle, chunkBytes)) {
    for (const line of lines) {
      if (state === 'head') {
        // '{"format":...,"generation":1,' is the head's members and the comma before the first collection.
        if (!line.startsWith('{') || !line.endsWith(',')) return undefined;
        const head = parsed(`${line.slice(0, -1)}}`);
        if (typeof head !== 'object' || head === null || Object.keys(head).length === 0) return undefined;
        document = head as Record<string, unknown>;
        state = 'collection';
      } else if (state === 'collection') {
        const [, name, empty, comma] = COLLECTION_OPENS.exec(line) ?? [];
        if (name === undefined || Object.hasOwn(document!, name) || (empty === '' && comma === ',')) return undefined;
        collection = name;
        records = [];
        seen = 0;
        document![name] = records;
        moreRecords = false;
        state = empty === '' ? 'records' : comma === ',' ? 'collection' : 'end';
      } else if (state === 'records') {
        const closes = COLLECTION_CLOSES.exec(line);
        if (closes) {
          if (moreRecords) return undefined;
          handOver();
          state = closes[1] === ',' ? 'collection' : 'end';
          continue;
        }
        if (records.length > 0 && !moreRecords) return undefined;
        moreRecords = line.endsWith(',');
        const record = parsed(moreRecords ? line.slice(0, -1) : line);
        if (record === undefined) return undefined;
        records.push(record);
      } else if (state === 'end') {
        if (line !== '}') return undefined;
        state = 'done';
      } else if (line !== '') {
        return undefined;
      }
    }
    handOver();
  }
  return state === 'done' ? document : undefined;
}
