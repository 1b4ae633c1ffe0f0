import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newAlert } from '../alerts/alert-records';
import { enquiryRecord, makeTempDir, snapshotText } from '../test-support/fixtures';
import { emptyStoreData, type StoreData } from './schema';
import { readSnapshotLines, type OnRecords } from './snapshot-lines';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeEach(async () => {
  temp = await makeTempDir();
});

afterEach(async () => {
  await temp.remove();
});

async function readLines(text: string, chunkBytes?: number, onRecords?: OnRecords) {
  const file = path.join(temp.dir, 'db.json');
  await writeFile(file, text);
  const handle = await open(file, 'r');
  try {
    return await readSnapshotLines(handle, { chunkBytes, onRecords });
  } finally {
    await handle.close();
  }
}

function storeOf(count: number): StoreData {
  const enquiries = Array.from({ length: count }, (_, index) =>
    // Characters of two, three and four bytes, for the chunks to cut through.
    enquiryRecord(index, { message: `Grüße, ${'€'.repeat(index % 7)} 🌸 number ${index}` }),
  );
  return { ...emptyStoreData(), enquiries, alerts: enquiries.map((enquiry) => newAlert(enquiry, 'email')) };
}

describe('readSnapshotLines', () => {
  it('makes exactly what JSON.parse makes of a snapshot the service wrote', async () => {
    const text = snapshotText(storeOf(6_000), 7);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * 1024 * 1024); // three chunks
    expect(await readLines(text)).toEqual(JSON.parse(text));
  });

  it('whatever the chunks cut through: lines, and characters of several bytes', async () => {
    const text = snapshotText(storeOf(40), 7);
    for (const chunkBytes of [3, 333]) expect(await readLines(text, chunkBytes)).toEqual(JSON.parse(text));
  });

  it('hands each record over once, in order, as the chunks give them, and keeps what replaced it', async () => {
    const text = snapshotText(storeOf(40), 7);
    const handedOver: string[] = [];
    const document = await readLines(text, 1000, (collection, records, from) => {
      expect(from).toBe(handedOver.filter((entry) => entry.startsWith(collection)).length);
      for (let index = from; index < records.length; index += 1) {
        handedOver.push(`${collection} ${index}`);
        records[index] = { [collection]: index };
      }
    });
    const expected = JSON.parse(text) as Record<string, unknown[]>;
    expect(handedOver).toEqual(['enquiries', 'alerts'].flatMap((name) => expected[name]!.map((_, index) => `${name} ${index}`)));
    expect(document!.alerts).toEqual(expected.alerts!.map((_, index) => ({ alerts: index })));
  });

  it('reads empty collections, and a file without its final newline', async () => {
    const empty = snapshotText(emptyStoreData(), 1);
    expect(await readLines(empty)).toEqual(JSON.parse(empty));
    const oneAlert = snapshotText({ ...emptyStoreData(), alerts: storeOf(1).alerts }, 2);
    expect(await readLines(oneAlert.trimEnd())).toEqual(JSON.parse(oneAlert));
  });

  it('leaves any other layout to JSON.parse of the whole text', async () => {
    const data = { format: 'teratai-wealth-store', version: 2, generation: 1, ...storeOf(2) };
    const lines = snapshotText(data, 1).split('\n');
    const twice = [lines[0], '"enquiries":[],', ...lines.slice(1)].join('\n'); // JSON.parse keeps the last
    for (const text of [JSON.stringify(data), JSON.stringify(data, null, 2), twice]) {
      expect(await readLines(text)).toBeUndefined();
    }
  });

  it('never takes text that is not JSON for a snapshot', async () => {
    const text = snapshotText(storeOf(3), 1);
    const broken = [
      '',
      '{,\n"enquiries":[],\n"spam":[],\n"users":[]\n}\n',
      text.replace(/\}\n\]/, '},\n]'), // a comma before the end of a collection
      text.replace(/\},\n\{/, '}\n{'), // a comma missing between two records
      text.replace('"enquiries":[', '"enquiries":[,'),
      text.replace('"spam":[],', '"spam":[]'), // no comma between two collections
      `${text}}\n`,
      text.replace(/\n\}\n$/, '\n'),
    ];
    for (const text of broken) {
      expect(() => JSON.parse(text)).toThrow();
      expect(await readLines(text)).toBeUndefined();
    }
  });
});
