/**
 * The first sign-in needs the one-time enrolment code `users add` or `users
 * reset` printed, beside the password: whoever knows only the password of an
 * account that has not enrolled cannot enrol their own authenticator on it.
 */
import { describe, expect, it } from 'vitest';
import { sessionStateSchema } from '../../../contract/inbox';
import { addStaff, codeAt, InboxClient } from '../../test-support/inbox';
import { useInboxOnStores } from '../../test-support/inbox-stores';
import { changeUser } from '../../auth/staff-records';
import { auditLog } from '../../audit-append';

const backends = useInboxOnStores();
const GENERIC = { error: 'Wrong username, password or code.' };

function setupKeyOf(answer: { json: () => unknown }): string {
  const state = sessionStateSchema.parse(answer.json());
  if (state.stage !== 'enrol') throw new Error('expected the enrolment');
  return state.enrolment.setupKey;
}

describe.each(backends)('the enrolment code, on $name', (backend) => {
  it('is required at the first sign-in: missing, wrong or expired, no enrolment starts', async () => {
    const inbox = await backend.start();
    const user = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);
    // Before #30 the password alone (an empty code) opened the enrolment.
    for (const code of ['', 'AAAA-BBBB-CCCC', '123456']) {
      const answer = await client.signIn('nurul', code);
      expect(answer.status).toBe(401);
      expect(answer.json()).toEqual(GENERIC);
      expect(client.cookie).toBeNull();
    }
    const failed = (await auditLog(inbox.store)).filter((entry) => entry.action === 'sign-in-failed');
    expect(failed.map((entry) => entry.detail)).toEqual(['enrolment code', 'enrolment code', 'enrolment code']);

    // Past its 7 days, the right code is refused too.
    await changeUser(inbox.store, user.id, { enrolmentExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await client.signIn('nurul', user.enrolmentCode)).status).toBe(401);
    expect(await inbox.store.get('users', user.id)).toMatchObject({ totpSecret: null });
  });

  it('starts no enrolment while TOTP_KEY is unset: the secret would be stored in clear; it says so and stores nothing', async () => {
    const inbox = await backend.start({ secretsSealed: false });
    const user = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const answer = await client.signIn('nurul', user.enrolmentCode);
    expect(answer.status).toBe(503);
    expect(answer.json()).toEqual({ error: expect.stringContaining('set TOTP_KEY') });
    expect(client.cookie).toBeNull();
    expect(await inbox.store.get('users', user.id)).toMatchObject({ totpSecret: null });
  });

  it('opens the enrolment when right (typed in any case, without dashes), and works only until it is finished', async () => {
    const inbox = await backend.start();
    const user = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const first = await client.signIn('nurul', user.enrolmentCode.replaceAll('-', '').toLowerCase());
    expect(first.status).toBe(200);
    const setupKey = setupKeyOf(first);
    expect((await client.post('/enrol', { code: codeAt(setupKey) })).status).toBe(200);
    const stored = await inbox.store.get('users', user.id);
    expect(stored).toMatchObject({ totpSecret: setupKey, enrolmentCodeHash: null, enrolmentExpiresAt: null });
    // Once enrolled, the code field wants the app's code: the enrolment code is spent.
    expect((await new InboxClient(inbox.server.url).signIn('nurul', user.enrolmentCode)).status).toBe(401);
  });

  it('lets one of several enrolments begun at once finish; the others are refused and their keys never used', async () => {
    const inbox = await backend.start();
    const user = await addStaff(inbox.store, 'nurul');
    const clients = [2, 3, 4, 5].map((n) => new InboxClient(inbox.server.url, `127.0.0.${n}`));
    const keys: string[] = [];
    for (const client of clients) keys.push(setupKeyOf(await client.signIn('nurul', user.enrolmentCode)));
    // Before #30 every enrolment that passed the session check wrote its key, and the last to write won.
    const answers = await Promise.all(clients.map((client, index) => client.post('/enrol', { code: codeAt(keys[index]!) })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const winner = answers.findIndex((answer) => answer.status === 200);
    // Refused by the compare-and-set (409) or, when the winner finished first, by the session check (401).
    for (const answer of answers.filter((_, index) => index !== winner)) expect([401, 409]).toContain(answer.status);
    expect((await inbox.store.get('users', user.id))?.totpSecret).toBe(keys[winner]);
    expect((await auditLog(inbox.store)).filter((entry) => entry.action === 'enrol')).toHaveLength(1);
  });

  it('expires with its code: an enrolment begun and not finished within 7 days cannot be finished', async () => {
    const inbox = await backend.start();
    const user = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const setupKey = setupKeyOf(await client.signIn('nurul', user.enrolmentCode));
    await changeUser(inbox.store, user.id, { enrolmentExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const late = await client.post('/enrol', { code: codeAt(setupKey) });
    expect(late.status).toBe(409);
    expect(late.json()).toEqual({
      error:
        'This account has an authentication app set up already, or its enrolment code has expired. Sign in again, or ask for a new enrolment code.',
    });
    expect((await inbox.store.get('users', user.id))?.totpSecret).toBeNull();
    expect(client.cookie).toBeNull();
  });
});
