import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ACCOUNT_ATTEMPTS } from '../../auth/sign-in-limits';
import { openPostgresStore, type PostgresStore } from '../../db/postgres/postgres-store';
import { silentLog } from '../../log';
import { listen, makeSiteFixture, makeTempDir, type Running } from '../../test-support/fixtures';
import { enrolledStaff, freshCode, InboxClient } from '../../test-support/inbox';
import { usePostgresPerFile } from '../../test-support/postgres-per-file';

const postgres = usePostgresPerFile();

interface Instance {
  store: PostgresStore;
  server: Running;
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let instances: Instance[];

/** An instance as server.ts starts one on DATABASE_URL: its own store and pool, the sign-in limits counted in the database. */
async function startInstance(databaseUrl: string, distDir: string): Promise<Instance> {
  const store = await openPostgresStore(databaseUrl, { alertChannels: [] });
  const app = createApp({ store, distDir, rateLimitPerMinute: 0, trustProxy: false, rateLimitPool: store.pool, log: silentLog });
  return { store, server: await listen(app) };
}

beforeEach(async () => {
  temp = await makeTempDir();
  const databaseUrl = await postgres().createDatabase();
  const distDir = await makeSiteFixture(temp.dir);
  instances = [await startInstance(databaseUrl, distDir), await startInstance(databaseUrl, distDir)];
});

afterEach(async () => {
  for (const { server, store } of instances) {
    await server.close();
    await store.close();
  }
  await temp.remove();
});

describe('the inbox on several instances of one PostgreSQL store', () => {
  it('keeps one session for all: made on one, valid on the other, ended on either', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { client } = await enrolledStaff(a, 'nurul');
    const onB = new InboxClient(b.server.url);
    onB.cookie = client.cookie;
    expect((await onB.get('/session')).status).toBe(200);
    expect((await onB.post('/sign-out')).status).toBe(204);
    expect((await client.get('/session')).status).toBe(401);
  });

  it('counts guesses together, whichever instance they reach', async () => {
    const [a, b] = instances as [Instance, Instance];
    await enrolledStaff(a, 'nurul');
    for (let attempt = 0; attempt < ACCOUNT_ATTEMPTS; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const answer = await new InboxClient(instance.server.url, `127.0.0.${2 + attempt}`).signIn('nurul', '000000', `guess ${attempt}`);
      expect(answer.status).toBe(401);
    }
    const code = await freshCode(a.store, 'nurul');
    for (const instance of [a, b]) {
      const answer = await new InboxClient(instance.server.url, '127.0.0.50').signIn('nurul', code);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
