import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { sessionIdOf } from '../../auth/sessions';
import { ACCOUNT_ADDRESS_ATTEMPTS } from '../../auth/sign-in-limits';
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
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_ATTEMPTS; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const answer = await new InboxClient(instance.server.url, '127.0.0.2').signIn('nurul', '000000', `guess ${attempt}`);
      expect(answer.status).toBe(401);
    }
    const code = await freshCode(a.store, 'nurul');
    for (const instance of [a, b]) {
      const answer = await new InboxClient(instance.server.url, '127.0.0.2').signIn('nurul', code);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

/**
 * Until `count` queries of this database wait for a row another transaction
 * holds. Asked outside that transaction: within one, pg_stat_activity is read once.
 */
async function untilWaitingForRows(pool: pg.Pool, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await pool.query<{ waiting: number }>(
      "SELECT count(*)::integer AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    );
    if (rows[0]!.waiting >= count) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.waiting} of ${count} queries wait for a row`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the inbox on several instances, where requests race', () => {
  it('keeps a session signed out that a request on the other instance had read just before', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { client } = await enrolledStaff(a, 'nurul');
    const id = sessionIdOf(client.cookie!);
    const onB = new InboxClient(b.server.url);
    onB.cookie = client.cookie;
    const db = await a.store.pool.connect();
    try {
      // Last seen two minutes ago: the next request writes that it saw it now.
      await db.query("UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = $1", [id]);
      // A sign-out on the way, not yet committed: B reads the session as it was, then waits to write its last-seen time.
      await db.query('BEGIN');
      await db.query('DELETE FROM sessions WHERE id = $1', [id]);
      const reading = onB.get('/session');
      await untilWaitingForRows(a.store.pool, 1);
      await db.query('COMMIT');
      expect((await reading).status).toBe(200);
    } finally {
      db.release();
    }
    expect((await client.get('/session')).status).toBe(401);
    expect((await onB.get('/session')).status).toBe(401);
  });

  it('takes a code once when it reaches both instances at the same moment', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { user } = await enrolledStaff(a, 'nurul');
    const code = await freshCode(a.store, 'nurul');
    const db = await a.store.pool.connect();
    let statuses: number[];
    try {
      // The user's row held elsewhere: each instance checks the code, then waits to write that it was used.
      await db.query('BEGIN');
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const signingIn = [a, b].map((instance, index) =>
        new InboxClient(instance.server.url, `127.0.0.${10 + index}`).signIn('nurul', code),
      );
      await untilWaitingForRows(a.store.pool, 2);
      await db.query('COMMIT');
      statuses = (await Promise.all(signingIn)).map((answer) => answer.status);
    } finally {
      db.release();
    }
    expect(statuses.sort()).toEqual([200, 401]);
  });
});
