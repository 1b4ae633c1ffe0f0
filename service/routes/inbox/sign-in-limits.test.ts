import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS } from '../../auth/sign-in-limits';
import { addStaff, enrolledStaff, freshCode, InboxClient, PASSWORD, startInbox, type InboxFixture } from '../../test-support/inbox';

let inbox: InboxFixture;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(() => inbox.close());

function expectLimited(answer: { status: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  expect(answer.json()).toEqual({ error: 'Too many attempts. Wait a few minutes, then try again.' });
}

describe('guessing', () => {
  it('is slowed per account, from any address, even for the right password', async () => {
    await enrolledStaff(inbox, 'nurul');
    await addStaff(inbox.store, 'farid');
    for (let attempt = 0; attempt < ACCOUNT_ATTEMPTS; attempt++) {
      const from = `127.0.0.${2 + (attempt % 3)}`; // spread over addresses, as a botnet would
      expect((await new InboxClient(inbox.server.url, from).signIn('nurul', '000000', `guess ${attempt}`)).status).toBe(401);
    }
    const code = await freshCode(inbox.store, 'nurul');
    expectLimited(await new InboxClient(inbox.server.url, '127.0.0.9').signIn('NURUL', code));
    // The limit is on the account: another one signs in from the same address.
    expect((await new InboxClient(inbox.server.url, '127.0.0.2').signIn('farid', '')).status).toBe(200);
    // A refused attempt is not on record (the log would otherwise grow as fast as anyone cares to send).
    expect((await inbox.store.auditLog()).filter((entry) => entry.action === 'sign-in-failed')).toHaveLength(ACCOUNT_ATTEMPTS);
  });

  it('is slowed per client address, whichever accounts it tries', async () => {
    await addStaff(inbox.store, 'nurul');
    const attacker = new InboxClient(inbox.server.url, '127.0.0.2');
    for (let attempt = 0; attempt < ADDRESS_ATTEMPTS; attempt++) {
      expect((await attacker.signIn(`name${attempt}`, '123456', 'a guess')).status).toBe(401);
    }
    expectLimited(await attacker.signIn('nurul', ''));
    // Another address is not held back.
    expect((await new InboxClient(inbox.server.url, '127.0.0.3').signIn('nurul', '', PASSWORD)).status).toBe(200);
  });

  it('counts the password asked again before a deletion', async () => {
    const { client } = await enrolledStaff(inbox, 'nurul');
    for (let attempt = 0; attempt < ACCOUNT_ATTEMPTS; attempt++) {
      const answer = await client.post('/requests/delete', { email: 'a@example.com', password: `guess ${attempt}` });
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({ error: 'Wrong password.' });
    }
    expectLimited(await client.post('/requests/delete', { email: 'a@example.com', password: PASSWORD }));
  });
});
