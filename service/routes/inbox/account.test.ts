import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoveryCodesSchema } from '../../../contract/inbox';
import { enrolledStaff, freshCode, InboxClient, PASSWORD, startInbox, type InboxFixture } from '../../test-support/inbox';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(() => inbox.close());

const NEW_PASSWORD = 'a river of orchids 42';

describe('one’s own account', () => {
  it('changes the password: the old one stops working, and every other session ends', async () => {
    const { client } = await enrolledStaff(inbox, 'nurul');
    const elsewhere = new InboxClient(inbox.server.url, '127.0.0.2');
    expect((await elsewhere.signIn('nurul', await freshCode(inbox.store, 'nurul'))).status).toBe(200);

    expect((await client.post('/account/password', { current: 'wrong', next: NEW_PASSWORD })).status).toBe(403);
    const weak = await client.post('/account/password', { current: PASSWORD, next: 'password1234' });
    expect(weak.status).toBe(400);
    expect(weak.json().error).toMatch(/common/);
    expect((await client.post('/account/password', { current: PASSWORD, next: NEW_PASSWORD })).status).toBe(204);

    expect((await client.get('/session')).status).toBe(200);
    expect((await elsewhere.get('/session')).status).toBe(401);
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ actor: 'nurul', action: 'password', detail: null });
    const code = await freshCode(inbox.store, 'nurul');
    expect((await new InboxClient(inbox.server.url).signIn('nurul', code, PASSWORD)).status).toBe(401);
    expect((await new InboxClient(inbox.server.url).signIn('nurul', code, NEW_PASSWORD)).status).toBe(200);
    expect(JSON.stringify(await auditLog(inbox.store))).not.toContain(NEW_PASSWORD);
  });

  it('regenerates the recovery codes: the old ones stop working', async () => {
    const { client, recoveryCodes } = await enrolledStaff(inbox, 'nurul');
    expect((await client.post('/account/recovery-codes', { password: 'wrong' })).status).toBe(403);
    const answer = await client.post('/account/recovery-codes', { password: PASSWORD });
    expect(answer.status).toBe(200);
    const fresh = recoveryCodesSchema.parse(answer.json()).recoveryCodes;
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await new InboxClient(inbox.server.url).signIn('nurul', recoveryCodes[0]!)).status).toBe(401);
    expect((await new InboxClient(inbox.server.url).signIn('nurul', fresh[0]!)).status).toBe(200);
    expect((await auditLog(inbox.store)).map((entry) => entry.action)).toContain('recovery-codes');
  });
});
