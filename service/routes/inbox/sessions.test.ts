import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionIdOf } from '../../auth/sessions';
import { enrolledStaff, freshCode, InboxClient, startInbox, type InboxFixture } from '../../test-support/inbox';
import { removeUser } from '../../auth/staff-records';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(async () => {
  vi.useRealTimers();
  await inbox.close();
});

const MINUTE = 60_000;

async function signedInClient(): Promise<InboxClient> {
  const { client } = await enrolledStaff(inbox, 'nurul');
  return client;
}

/** Moves a session's clock: as if it was made, and last used, that long ago. */
async function age(client: InboxClient, { createdMsAgo, lastSeenMsAgo }: { createdMsAgo: number; lastSeenMsAgo: number }) {
  const id = sessionIdOf(client.cookie!);
  const session = (await inbox.store.get('sessions', id))!;
  const now = Date.now();
  await inbox.store.atomically((tx) =>
    tx.put('sessions', {
      ...session,
      createdAt: new Date(now - createdMsAgo).toISOString(),
      lastSeenAt: new Date(now - lastSeenMsAgo).toISOString(),
    }),
  );
  return id;
}

describe('a session', () => {
  it('is needed for every call but sign-in: 401 with a sentence, never cached', async () => {
    const client = new InboxClient(inbox.server.url);
    for (const [method, call] of [
      ['GET', '/session'],
      ['GET', '/enquiries'],
      ['GET', '/enquiries/TW-12345678'],
      ['GET', '/held'],
      ['GET', '/requests?email=a%40example.com'],
      ['GET', '/requests/export?email=a%40example.com&format=csv'],
      ['POST', '/sign-out'],
      ['POST', '/sign-out-everywhere'],
      ['POST', '/requests/delete'],
      ['POST', '/account/password'],
    ] as const) {
      const answer = await client.call(method, call, method === 'POST' ? {} : undefined);
      expect(answer.status, `${method} ${call}`).toBe(401);
      expect(answer.json()).toEqual({ error: 'Sign in to use the inbox.' });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // A made-up cookie is no session either.
    client.cookie = 'A'.repeat(43);
    expect((await client.get('/session')).status).toBe(401);
  });

  it('ends after 30 minutes without a request, on the server', async () => {
    const client = await signedInClient();
    await age(client, { createdMsAgo: 29 * MINUTE, lastSeenMsAgo: 29 * MINUTE });
    expect((await client.get('/session')).status).toBe(200);
    const id = await age(client, { createdMsAgo: 31 * MINUTE, lastSeenMsAgo: 30 * MINUTE + 1000 });
    const cookie = client.cookie;
    const expired = await client.get('/session');
    expect(expired.status).toBe(401);
    expect(client.cookie).toBeNull(); // the cookie is cleared
    expect(await inbox.store.get('sessions', id)).toBeNull();
    client.cookie = cookie;
    expect((await client.get('/session')).status).toBe(401);
  });

  it('ends 12 hours after sign-in however busy it is', async () => {
    const client = await signedInClient();
    await age(client, { createdMsAgo: 11 * 60 * MINUTE, lastSeenMsAgo: 0 });
    expect((await client.get('/session')).status).toBe(200);
    const id = await age(client, { createdMsAgo: 12 * 60 * MINUTE, lastSeenMsAgo: 0 });
    expect((await client.get('/session')).status).toBe(401);
    expect(await inbox.store.get('sessions', id)).toBeNull();
  });

  it('is kept alive by requests, written at most once a minute', async () => {
    const client = await signedInClient();
    const id = await age(client, { createdMsAgo: 20 * MINUTE, lastSeenMsAgo: 20 * MINUTE });
    await client.get('/session');
    const touched = (await inbox.store.get('sessions', id))!.lastSeenAt;
    expect(Date.now() - Date.parse(touched)).toBeLessThan(MINUTE);
    await client.get('/session');
    expect((await inbox.store.get('sessions', id))!.lastSeenAt).toBe(touched);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await client.get('/session');
    expect(Date.parse((await inbox.store.get('sessions', id))!.lastSeenAt)).toBeGreaterThan(Date.parse(touched));
  });

  it('ends on the server at sign-out: the old cookie signs no one in', async () => {
    const client = await signedInClient();
    const cookie = client.cookie;
    const signedOut = await client.post('/sign-out');
    expect(signedOut.status).toBe(204);
    expect(client.cookie).toBeNull();
    expect(await inbox.store.get('sessions', sessionIdOf(cookie!))).toBeNull();
    client.cookie = cookie;
    expect((await client.get('/enquiries')).status).toBe(401);
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ actor: 'nurul', action: 'sign-out', reference: null });
  });

  it('ends everywhere on request', async () => {
    const client = await signedInClient();
    const other = new InboxClient(inbox.server.url, '127.0.0.2');
    expect((await other.signIn('nurul', await freshCode(inbox.store, 'nurul'))).status).toBe(200);
    expect((await client.post('/sign-out-everywhere')).status).toBe(204);
    expect((await other.get('/session')).status).toBe(401);
    expect((await client.get('/session')).status).toBe(401);
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ actor: 'nurul', action: 'sign-out-everywhere' });
  });

  it('of a removed user ends', async () => {
    const { client, user } = await enrolledStaff(inbox, 'nurul');
    await removeUser(inbox.store, user.id);
    expect((await client.get('/session')).status).toBe(401);
  });

  it('that expired is swept from the store now and then, unasked', async () => {
    const { client } = await enrolledStaff(inbox, 'nurul');
    const stale = await age(client, { createdMsAgo: 13 * 60 * MINUTE, lastSeenMsAgo: 40 * MINUTE });
    // The sweep runs at most every 10 minutes, on any request's way through.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * MINUTE });
    await new InboxClient(inbox.server.url).get('/session');
    expect(await inbox.store.get('sessions', stale)).toBeNull();
  });
});
