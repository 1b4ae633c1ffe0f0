/**
 * Two-factor secrets at rest, through the real app on either store: the setup
 * key shown at enrolment is nowhere in the store's files (document, journal,
 * anything beside them) or in any row of any table, while enrolment is under
 * way and after it; the sealed secret still signs the user in.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openFileStore } from '../db/file-store';
import { openPostgresStore } from '../db/postgres/postgres-store';
import type { Store } from '../store-interface';
import { listen, makeSiteFixture, makeTempDir, type Running } from '../test-support/fixtures';
import { addStaff, codeAt, freshCode, InboxClient } from '../test-support/inbox';
import { TEST_KEYS } from '../test-support/keys';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { databaseText, fileStoreText } from '../test-support/store-text';
import { withSealedTotpSecrets } from './sealed-secrets-store';
import { findUser } from './staff-records';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let closing: (() => Promise<void>)[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
});

afterEach(async () => {
  for (const close of closing.reverse()) await close();
  closing = [];
  await temp.remove();
});

const targets: [string, () => Promise<{ store: Store; text: () => Promise<string> }>][] = [
  [
    'the file store',
    async () => {
      const dbFile = path.join(temp.dir, 'data', 'db.json');
      return { store: await openFileStore(dbFile), text: () => fileStoreText(dbFile) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres().createDatabase();
      return { store: await openPostgresStore(url), text: () => databaseText(url) };
    },
  ],
];

async function serve(store: Store): Promise<Running> {
  const app = createApp({
    store,
    distDir: await makeSiteFixture(temp.dir),
    rateLimitPerMinute: 0,
    trustProxy: false,
    alertChannels: [],
    timeZone: 'Asia/Kuala_Lumpur',
    log: () => {},
  });
  const server = await listen(app);
  closing.push(() => server.close());
  return server;
}

describe.each(targets)('two-factor secrets at rest, on %s', (_, makeTarget) => {
  it('the setup key shown at enrolment is not in the store, during enrolment or after; it still signs in', async () => {
    const { store: raw, text } = await makeTarget();
    closing.push(() => raw.close());
    // As the service uses the store (server.ts).
    const store = withSealedTotpSecrets(raw, TEST_KEYS.TOTP_KEY);
    const server = await serve(store);
    const { enrolmentCode } = await addStaff(store, 'nurul');

    const client = new InboxClient(server.url);
    const first = await client.signIn('nurul', enrolmentCode);
    expect(first.status).toBe(200);
    const setupKey: string = first.json().enrolment.setupKey;
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await text()).not.toContain(setupKey);

    expect((await client.post('/enrol', { code: codeAt(setupKey) })).status).toBe(200);
    expect((await findUser(raw, 'nurul'))!.totpSecret).toMatch(/^sealed:v1:/);
    expect(await text()).not.toContain(setupKey);

    const later = new InboxClient(server.url);
    expect((await later.signIn('nurul', await freshCode(store, 'nurul'))).status).toBe(200);
  });
});
