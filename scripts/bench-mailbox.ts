/**
 * `npm run bench:mailbox`: the replies' reader's first read of a full
 * mailbox, and a restart after it. A real Dovecot (test-support/dovecot.ts)
 * holds BENCH_SIZE messages (default 10,000), one in ANSWER_EVERY an answer
 * to one of the stored enquiries (by the reference in its subject), the rest
 * the firm's other mail (a few KB each); the reader runs in this process on
 * the file store and on PostgreSQL (where installed; BENCH_POSTGRES=0 leaves
 * it out). Prints, per store: how long the first read took, how many answers
 * it stored, and what a restart read again (none). A measurement, not a test.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { enquiryReference } from '../contract/reference';
import { openFileStore } from '../service/db/file-store';
import { openPostgresStore } from '../service/db/postgres/postgres-store';
import type { LogFields } from '../service/log';
import { imapSettingsOf } from '../service/mailbox/imap-url';
import { startMailboxReader } from '../service/mailbox/reader';
import type { Store } from '../service/store-interface';
import { startDovecot, type TestDovecot } from '../service/test-support/dovecot';
import { makeTempDir, validSubmission } from '../service/test-support/fixtures';
import { findPostgresBin, startPostgres } from '../service/test-support/postgres';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const ANSWER_EVERY = 10;
const ENQUIRIES = 100;
/** The firm's other mail: a newsletter's worth of text. */
const OTHER_BODY = `${'Quarterly market commentary and fund updates for our clients. '.repeat(40)}\r\n`;
/** No poll during the measurement: each read is asked for. */
const NO_POLL_MS = 3_600_000;

function message(index: number, references: readonly string[]): string {
  const answer = index % ANSWER_EVERY === 0;
  const subject = answer ? `Re: Your enquiry ${references[index % references.length]}` : `Newsletter ${index}`;
  return [
    `From: ${answer ? `visitor${index}@example.com` : 'news@publisher.example'}`,
    'To: replies@teratai.example',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@mail.example.com>`,
    'Date: Mon, 30 Nov 2026 09:00:00 +0800',
    'Content-Type: text/plain; charset=utf-8',
    '',
    answer ? 'Thank you, Tuesday at 10 suits me.\r\n' : OTHER_BODY,
  ].join('\r\n');
}

async function seed(store: Store): Promise<string[]> {
  const references: string[] = [];
  for (let index = 0; index < ENQUIRIES; index += 1) {
    const created = await store.submitEnquiry(validSubmission({ email: `visitor${index}@example.com` }));
    references.push(enquiryReference(created.outcome === 'conflict' ? '' : created.record.id));
  }
  return references;
}

async function measure(name: string, dovecot: TestDovecot, open: () => Promise<Store>) {
  await dovecot.empty();
  let store = await open();
  await dovecot.fill(Array.from({ length: SIZE }, (_, index) => message(index, references)));
  const lines: LogFields[] = [];
  const start = () =>
    startMailboxReader({
      settings: imapSettingsOf(dovecot.url),
      store,
      channels: ['email'],
      log: (fields) => void lines.push(fields),
      pollMs: NO_POLL_MS,
    });
  let started = performance.now();
  const first = start();
  await first.readNow();
  const firstReadMs = Math.round(performance.now() - started);
  await first.stop();
  const answers = (await store.find('messages')).length;
  await store.close();

  store = await open();
  const readBefore = lines.filter((line) => line.msg === 'the replies mailbox was read').length;
  started = performance.now();
  const second = start();
  await second.readNow();
  const restartReadMs = Math.round(performance.now() - started);
  await second.stop();
  const readAgain = lines.filter((line) => line.msg === 'the replies mailbox was read').length - readBefore;
  const answersAfter = (await store.find('messages')).length;
  await store.close();
  console.log(JSON.stringify({ store: name, messages: SIZE, answers, firstReadMs, restartReadMs, passesThatReadAgain: readAgain, answersAfter }));
}

let references: string[] = [];

async function main() {
  const dovecot = await startDovecot();
  const temp = await makeTempDir();
  try {
    const dbFile = path.join(temp.dir, 'data', 'db.json');
    const seeded = await openFileStore(dbFile);
    references = await seed(seeded);
    await seeded.close();
    await measure('file', dovecot, () => openFileStore(dbFile));
    if (process.env.BENCH_POSTGRES !== '0' && (await findPostgresBin()) !== null) {
      const postgres = await startPostgres({ durable: true });
      try {
        const url = await postgres.createDatabase();
        const store = await openPostgresStore(url);
        references = await seed(store);
        await store.close();
        await measure('postgres', dovecot, () => openPostgresStore(url));
      } finally {
        await postgres.stop();
      }
    }
    console.log(JSON.stringify({ loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))), cpus: os.cpus().length }));
  } finally {
    await dovecot.stop();
    await temp.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
