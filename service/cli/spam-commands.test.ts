/** `npm run enquiries -- spam`, `spam release ID`, `spam delete ID`: with the service stopped, and through its control socket. */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startControlSocket } from '../control/control-socket';
import { openFileStore, type FileStore } from '../db/file-store';
import { silentLog } from '../log';
import { makeTempDir, validSubmission } from '../test-support/fixtures';
import { CLI_ACTOR, runCli } from '../test-support/run-cli';
import { auditLog } from '../audit-append';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;

const WEBHOOK_ENV = { NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hooks' };

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
});

afterEach(() => temp.remove());

/** Two held, one of each reason, and a day's honeypot count with an example that tries to move the cursor. */
async function seed(store: FileStore): Promise<string[]> {
  const references = [];
  for (const [firstName, holdFor] of [
    ['Farah', 'no-javascript'],
    ['Dmitri', 'unserved-script'],
  ] as const) {
    const held = await store.submitEnquiry(validSubmission({ firstName }), undefined, { holdFor });
    if (held.outcome !== 'created') throw new Error('not held');
    references.push(`TW-${held.record.id.slice(0, 8).toUpperCase()}`);
  }
  await store.tally('honeypot', new Date(), 'Bot <bot@example.com>: \u001b[2Jcleared');
  return references;
}

const run = (...argv: string[]) => runCli({ DB_FILE: dbFile, ...WEBHOOK_ENV }, argv);

describe('with the service stopped', () => {
  it('lists what is held with why, and what was counted with its examples escaped', async () => {
    const store = await openFileStore(dbFile);
    const [farah] = await seed(store);
    await store.close();
    const { code, out } = await run('spam');
    expect(code).toBe(0);
    expect(out).toMatch(/^2 held for review in .*db\.json, newest first:/);
    expect(out).toContain(`  held: Sent without JavaScript, so it could not solve the anti-spam check   reference: ${farah}`);
    expect(out).toContain('The message is mostly in a script the site is not written in');
    expect(out).toMatch(/\d{4}-\d\d-\d\d {2}1 {2}filled in the hidden field \(honeypot\)/);
    expect(out).toContain('    e.g. Bot <bot@example.com>: \\u001B[2Jcleared');
    expect(out).not.toContain('\u001b');
  });

  it('releases one by reference, with its alerts queued, and deletes another; both on the audit log as the CLI', async () => {
    let store = await openFileStore(dbFile);
    const [farah, dmitri] = await seed(store);
    await store.close();
    expect(await run('spam', 'release', farah!.toLowerCase())).toEqual({
      code: 0,
      out: `Released: it is now enquiry ${farah}, and its alerts are queued.\n`,
      err: '',
    });
    expect(await run('spam', 'delete', dmitri!)).toEqual({ code: 0, out: `Deleted ${dmitri}.\n`, err: '' });
    expect(await run('spam', 'delete', dmitri!)).toMatchObject({
      code: 1,
      err: `Nothing held for review has the id or reference ${dmitri}.\n`,
    });
    expect(await run('spam', 'release')).toMatchObject({ code: 2 });

    store = await openFileStore(dbFile);
    try {
      expect(store.enquiries().map((record) => record.firstName)).toEqual(['Farah']);
      expect(store.spam()).toEqual([]);
      expect(store.alerts().map((alert) => [alert.channel, alert.status])).toEqual([['webhook', 'pending']]);
      expect((await auditLog(store)).map(({ actor, action, reference }) => [actor, action, reference])).toEqual([
        [CLI_ACTOR, 'release', farah],
        [CLI_ACTOR, 'held-delete', dmitri],
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('while the service runs on the file store', () => {
  it('the service releases it over its control socket, with its own alert channels', async () => {
    const store = await openFileStore(dbFile, { alertChannels: ['email'] });
    const control = await startControlSocket({ dbFile, store, log: silentLog, alertChannels: ['email'] });
    try {
      const [farah] = await seed(store);
      expect((await run('spam', 'release', farah!)).code).toBe(0);
      expect(store.enquiries()).toHaveLength(1);
      expect(store.alerts().map((alert) => alert.channel)).toEqual(['email']);
      expect((await auditLog(store)).map(({ actor, action }) => [actor, action])).toEqual([[CLI_ACTOR, 'release']]);
    } finally {
      await control.close();
      await store.close();
    }
  });
});
