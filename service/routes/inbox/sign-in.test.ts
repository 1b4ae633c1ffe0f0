import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStateSchema, recoveryCodesSchema } from '../../../contract/inbox';
import { sessionIdOf } from '../../auth/sessions';
import { addStaff, codeAt, enrolledStaff, freshCode, InboxClient, PASSWORD, startInbox, type InboxFixture } from '../../test-support/inbox';
import { findUser } from '../../auth/staff-records';
import { talliesSince } from '../../store-rules';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(() => inbox.close());

const GENERIC = { error: 'Wrong username, password or code.' };

describe('the first sign-in', () => {
  it('enrols a second factor with a code from the setup key, then shows ten recovery codes once', async () => {
    const user = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);

    const first = await client.signIn('nurul', user.enrolmentCode);
    expect(first.status).toBe(200);
    const state = sessionStateSchema.parse(first.json());
    if (state.stage !== 'enrol') throw new Error('expected the enrolment');
    expect(state.user).toEqual({ id: user.id, username: 'nurul' });
    expect(state.enrolment.setupKey).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(state.enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(state.enrolment.setupKey);
    expect(uri.searchParams.get('issuer')).toBe('Teratai Wealth');
    expect(decodeURIComponent(uri.pathname)).toContain('nurul');
    expect(state.enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The key is not the user's until a code confirms it.
    expect((await inbox.store.get('users', user.id))?.totpSecret).toBeNull();

    // Only /session, /enrol and /sign-out answer an enrolment.
    expect((await client.get('/session')).json()).toEqual(first.json());
    expect((await client.get('/enquiries')).status).toBe(401);
    expect((await client.post('/sign-out-everywhere')).status).toBe(401);

    expect((await client.post('/enrol', { code: '000000' })).status).toBe(400);
    const enrolCookie = client.cookie;
    const enrolled = await client.post('/enrol', { code: codeAt(state.enrolment.setupKey) });
    expect(enrolled.status).toBe(200);
    const { recoveryCodes } = recoveryCodesSchema.parse(enrolled.json());
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // A new session id now that it is signed in; the enrolment's is gone from the store.
    expect(client.cookie).not.toBe(enrolCookie);
    expect(await inbox.store.get('sessions', sessionIdOf(enrolCookie!))).toBeNull();

    const stored = await inbox.store.get('users', user.id);
    expect(stored?.totpSecret).toBe(state.enrolment.setupKey);
    expect(stored?.recoveryCodeHashes).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect((await client.get('/session')).json()).toEqual({ stage: 'signed-in', user: { id: user.id, username: 'nurul' } });
    expect((await client.get('/enquiries')).status).toBe(200);
  });
});

describe('signing in', () => {
  it('takes the password and a code, each code only once', async () => {
    const { secret, user } = await enrolledStaff(inbox, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const code = await freshCode(inbox.store, 'nurul');
    const signedIn = await client.signIn('nurul', code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json()).toEqual({ stage: 'signed-in', user: { id: user.id, username: 'nurul' } });

    // The same code again, from another browser, in the same 30 seconds: refused.
    const replay = await new InboxClient(inbox.server.url).signIn('nurul', code);
    expect(replay.status).toBe(401);
    expect(replay.json()).toEqual(GENERIC);

    // A code from long ago, and one from the future, are refused too.
    const now = TOTP.counter({ period: 30 });
    expect((await new InboxClient(inbox.server.url).signIn('nurul', codeAt(secret, now - 5))).status).toBe(401);
    expect((await new InboxClient(inbox.server.url).signIn('nurul', codeAt(secret, now + 5))).status).toBe(401);
    expect(TOTP.validate({ token: code, secret: Secret.fromBase32(secret), window: 1 })).not.toBeNull();
  });

  it('takes a recovery code instead, once', async () => {
    const { recoveryCodes } = await enrolledStaff(inbox, 'nurul');
    const [code] = recoveryCodes;
    // Typed in capitals and without dashes, as people do.
    const typed = code!.replaceAll('-', '').toUpperCase();
    const signedIn = await new InboxClient(inbox.server.url).signIn('nurul', typed);
    expect(signedIn.status).toBe(200);
    expect((await findUser(inbox.store, 'nurul'))?.recoveryCodeHashes).toHaveLength(9);
    const again = await new InboxClient(inbox.server.url).signIn('nurul', code!);
    expect(again.status).toBe(401);
    expect(again.json()).toEqual(GENERIC);
    expect((await auditLog(inbox.store)).filter((entry) => entry.action === 'sign-in').at(-1)?.detail).toBe('recovery code (9 left)');
  });

  it('answers a wrong password, an unknown username and a wrong code alike, and records each', async () => {
    await enrolledStaff(inbox, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const answers = [
      await client.signIn('nurul', await freshCode(inbox.store, 'nurul'), 'not the password at all'),
      await client.signIn('my password is hunter2', '123456'),
      await client.signIn('nurul', '000000'),
      await client.signIn('nurul', 'not-a-recovery-code'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.json()).toEqual(GENERIC);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const failed = (await auditLog(inbox.store)).filter((entry) => entry.action === 'sign-in-failed');
    expect(failed.map(({ actor, detail }) => ({ actor, detail }))).toEqual([
      { actor: 'nurul', detail: 'password' },
      { actor: 'nurul', detail: 'code' },
      { actor: 'nurul', detail: 'code' },
    ]);
    // The unknown username is a count of the day, not an entry in the chain.
    expect((await talliesSince(inbox.store, '2000-01-01')).find((tally) => tally.name === 'sign-in-unknown-user')?.count).toBe(1);
    expect(JSON.stringify(await auditLog(inbox.store))).not.toContain('hunter2');
  });

  it('does the same argon2 work for an unknown username as for a wrong password', async () => {
    await enrolledStaff(inbox, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const time = async (username: string) => {
      const started = performance.now();
      await client.signIn(username, '000000', 'wrong password here');
      return performance.now() - started;
    };
    await time('warm-up');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      known.push(await time('nurul'));
      unknown.push(await time(`nobody${round}`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    // argon2id at 19 MiB takes tens of ms: without the decoy, an unknown name would answer in about 1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it('gives a new session at each sign-in and records it', async () => {
    await enrolledStaff(inbox, 'nurul');
    const client = new InboxClient(inbox.server.url);
    expect((await client.signIn('nurul', await freshCode(inbox.store, 'nurul'))).status).toBe(200);
    const first = client.cookie;
    expect((await client.signIn('nurul', await freshCode(inbox.store, 'nurul'))).status).toBe(200);
    expect(client.cookie).not.toBe(first);
    // The session it had before is gone from the store: a planted or stolen id is worth nothing after sign-in.
    expect(await inbox.store.get('sessions', sessionIdOf(first!))).toBeNull();
    const entries = await auditLog(inbox.store);
    expect(entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['nurul', 'sign-in'],
      ['nurul', 'enrol'],
      ['nurul', 'sign-in'],
      ['nurul', 'sign-in'],
    ]);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the inbox’s calls, and holds a token the store keeps only hashed', async () => {
    const { enrolmentCode } = await addStaff(inbox.store, 'nurul');
    const client = new InboxClient(inbox.server.url);
    const answer = await client.signIn('nurul', enrolmentCode);
    const cookie = (answer.headers['set-cookie'] as string[])[0]!;
    expect(cookie).toMatch(/^inbox-session=[A-Za-z0-9_-]{43}; path=\/api\/inbox; samesite=strict; httponly$/);
    expect(cookie).not.toMatch(/secure/i); // plain HTTP, no proxy
    expect(await inbox.store.get('sessions', client.cookie!)).toBeNull();
    expect(await inbox.store.get('sessions', sessionIdOf(client.cookie!))).toMatchObject({ stage: 'enrol' });
  });

  it('is Secure when a trusted proxy says the request came over TLS, and only then', async () => {
    await inbox.close();
    inbox = await startInbox({ trustProxy: true, trustedProxies: ['127.0.0.3'] });
    const { enrolmentCode } = await addStaff(inbox.store, 'nurul');
    const signIn = { username: 'nurul', password: PASSWORD, code: enrolmentCode };
    const viaProxy = await new InboxClient(inbox.server.url, '127.0.0.3').post('/sign-in', signIn, { 'x-forwarded-proto': 'https' });
    expect((viaProxy.headers['set-cookie'] as string[])[0]).toMatch(/; secure; httponly$/);
    // From a peer that is no proxy of ours, the header is the client's own word.
    const fromClient = await new InboxClient(inbox.server.url).post('/sign-in', signIn, { 'x-forwarded-proto': 'https' });
    expect(fromClient.status).toBe(200);
    expect((fromClient.headers['set-cookie'] as string[])[0]).not.toMatch(/secure/i);
  });
});
