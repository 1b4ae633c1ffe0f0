/**
 * `users add|list|remove|reset` on each store, with no service running: the
 * command writes the store itself (the file store under its lock). With the
 * service running, see while-service-runs.test.ts.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLMENT_VALID_MS, enrolmentCodeHash } from '../auth/enrolment-codes';
import { verifyPassword } from '../auth/passwords';
import { openFileStore } from '../db/file-store';
import { openPostgresStore } from '../db/postgres/postgres-store';
import type { UserRecord } from '../records';
import type { Store } from '../store-interface';
import { makeTempDir } from '../test-support/fixtures';
import { sessionRecord, userRecord } from '../test-support/inbox-records';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { CLI_ACTOR, runCli } from '../test-support/run-cli';
import { addUser, findUser } from '../auth/staff-records';
import { auditLog } from '../audit-append';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(() => temp.remove());

interface Target {
  env: NodeJS.ProcessEnv;
  open: () => Promise<Store>;
}

const targets: [string, () => Promise<Target>][] = [
  [
    'the file store',
    async () => {
      const dbFile = path.join(temp.dir, 'data', 'db.json');
      return { env: { DB_FILE: dbFile }, open: () => openFileStore(dbFile) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres().createDatabase();
      return { env: { DATABASE_URL: url }, open: () => openPostgresStore(url) };
    },
  ],
];

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a different long passphrase';

describe.each(targets)('users, on %s', (_, makeTarget) => {
  let target: Target;
  beforeEach(async () => {
    target = await makeTarget();
  });

  async function withStore<T>(use: (store: Store) => Promise<T>): Promise<T> {
    const store = await target.open();
    try {
      return await use(store);
    } finally {
      await store.close();
    }
  }

  const seed = (...records: UserRecord[]) =>
    withStore(async (store) => {
      for (const record of records) await addUser(store, record);
    });

  it('adds a user with the password from standard input, as argon2id, without a second factor yet, on record', async () => {
    const added = await runCli(target.env, ['users', 'add', ' advisor.ann '], { stdin: `${PASSWORD}\nignored second line\n` });
    expect(added).toMatchObject({ code: 0, err: '' });
    const [first, codeLine, ...rest] = added.out.split('\n');
    expect(first).toBe('Added advisor.ann. At their first sign-in at /inbox they set up an authentication app.');
    expect(codeLine).toMatch(/^Enrolment code: [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(rest.join('\n')).toContain('it works once, for 7 days');
    const code = codeLine!.slice('Enrolment code: '.length);
    await withStore(async (store) => {
      const user = await findUser(store, 'advisor.ann');
      expect(user).toMatchObject({ username: 'advisor.ann', totpSecret: null, totpLastStep: null, recoveryCodeHashes: [] });
      // Only its hash is kept, with its expiry 7 days on.
      expect(user!.enrolmentCodeHash).toBe(enrolmentCodeHash(code));
      expect(JSON.stringify(user)).not.toContain(code);
      expect(Date.parse(user!.enrolmentExpiresAt!) - Date.now()).toBeGreaterThan(ENROLMENT_VALID_MS - 60_000);
      expect(Date.parse(user!.enrolmentExpiresAt!) - Date.now()).toBeLessThanOrEqual(ENROLMENT_VALID_MS);
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);
      expect(await auditLog(store)).toEqual([
        expect.objectContaining({ actor: CLI_ACTOR, action: 'user-add', reference: null, detail: 'advisor.ann' }),
      ]);
    });
  });

  it('lists the users with their creation in TZ_DISPLAY and whether they enrolled, never a hash', async () => {
    expect((await runCli(target.env, ['users', 'list'])).out).toMatch(
      /^No users in .*Add one with: npm run enquiries -- users add NAME\n$/,
    );
    await seed(
      userRecord('advisor.ann', { createdAt: '2026-01-01T00:00:00.000Z', totpSecret: 'JBSWY3DPEHPK3PXP' }),
      userRecord('ben', {
        createdAt: '2026-02-03T16:30:05.000Z',
        enrolmentCodeHash: 'b'.repeat(64),
        enrolmentExpiresAt: '2099-01-01T00:00:00.000Z',
      }),
      userRecord('cara', {
        createdAt: '2026-02-04T00:00:00.000Z',
        enrolmentCodeHash: 'c'.repeat(64),
        enrolmentExpiresAt: '2026-02-11T00:00:00.000Z',
      }),
    );
    const { code, out } = await runCli({ ...target.env, TZ_DISPLAY: 'Asia/Kuala_Lumpur' }, ['users', 'list']);
    expect(code).toBe(0);
    expect(out).toMatch(/^3 users in .*:\n\n/);
    const table = out.split('\n\n')[1]!.trimEnd().split('\n');
    expect(table.map((line) => line.split(/ {2,}/))).toEqual([
      ['USERNAME', 'CREATED (Asia/Kuala_Lumpur)', 'TWO-FACTOR'],
      ['advisor.ann', '2026-01-01 08:00:00', 'enrolled'],
      ['ben', '2026-02-04 00:30:05', 'not yet (set up at the next sign-in)'],
      ['cara', '2026-02-04 08:00:00', 'not yet, enrolment code expired (users reset)'],
    ]);
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses a taken username (in any case) before asking for a password, and stores nothing', async () => {
    await seed(userRecord('advisor.ann'));
    const taken = await runCli(target.env, ['users', 'add', 'ADVISOR.ANN']);
    expect(taken).toEqual({ code: 1, out: '', err: 'The username ADVISOR.ANN is taken.\n' });
    await withStore(async (store) => {
      expect((await store.find('users')).map((user) => user.username)).toEqual(['advisor.ann']);
      expect(await auditLog(store)).toEqual([]);
    });
  });

  it('refuses a bad username, a short, common or missing password, and stores nothing', async () => {
    const attempts = [
      [['users', 'add', 'a b'], PASSWORD, 'A username is 3 to 64 letters, digits, dots, dashes or underscores.'],
      [['users', 'add', 'ann'], 'too short\n', 'A password has at least 12 characters.'],
      [['users', 'add', 'ann'], '1qaz2wsx3edc\n', 'That password is one of the most common ones: choose another.'],
      [['users', 'add', 'ann'], '\nsecond line is not the password\n', 'No password on standard input: give it as the first line.'],
    ] as const;
    for (const [argv, stdin, problem] of attempts) {
      expect(await runCli(target.env, argv, { stdin })).toEqual({ code: 1, out: '', err: `${problem}\n` });
    }
    expect((await runCli(target.env, ['users', 'list'])).out).toMatch(/^No users in /);
  });

  it('removes a user and ends their sessions, on record; an unknown one is an error', async () => {
    const ann = userRecord('advisor.ann');
    const ben = userRecord('ben');
    const annSession = sessionRecord(ann.id);
    const benSession = sessionRecord(ben.id);
    await seed(ann, ben);
    await withStore(async (store) => {
      await store.atomically((tx) => tx.put('sessions', annSession));
      await store.atomically((tx) => tx.put('sessions', benSession));
    });
    expect(await runCli(target.env, ['users', 'remove', 'advisor.ann'])).toEqual({
      code: 0,
      out: 'Removed advisor.ann and ended their sessions. Their notes and the audit log keep their name.\n',
      err: '',
    });
    expect(await runCli(target.env, ['users', 'remove', 'advisor.ann'])).toEqual({ code: 1, out: '', err: 'No user advisor.ann.\n' });
    await withStore(async (store) => {
      expect((await store.find('users')).map((user) => user.username)).toEqual(['ben']);
      expect(await store.get('sessions', annSession.id)).toBeNull();
      expect(await store.get('sessions', benSession.id)).not.toBeNull();
      expect(await auditLog(store)).toEqual([expect.objectContaining({ actor: CLI_ACTOR, action: 'user-remove', detail: 'advisor.ann' })]);
    });
  });

  it('resets a password: the second factor and recovery codes cleared, every session of that user ended, on record', async () => {
    const ann = userRecord('advisor.ann', { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 5, recoveryCodeHashes: ['a'.repeat(64)] });
    const ben = userRecord('ben', { totpSecret: 'KRSXG5CTMVRXEZLU' });
    const annSessions = [sessionRecord(ann.id), sessionRecord(ann.id, { stage: 'enrol' })];
    const benSession = sessionRecord(ben.id);
    await seed(ann, ben);
    await withStore(async (store) => {
      for (const session of [...annSessions, benSession]) await store.atomically((tx) => tx.put('sessions', session));
    });
    const reset = await runCli(target.env, ['users', 'reset', 'advisor.ann'], { stdin: `${NEW_PASSWORD}\n` });
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('advisor.ann has a new password. Their two-factor and recovery codes are cleared and every session');
    const code = /^Enrolment code: (\S+)$/m.exec(reset.out)?.[1];
    await withStore(async (store) => {
      const user = await findUser(store, 'advisor.ann');
      expect(user).toMatchObject({ id: ann.id, totpSecret: null, totpLastStep: null, recoveryCodeHashes: [] });
      // A new enrolment code: the next sign-in asks for it.
      expect(user!.enrolmentCodeHash).toBe(enrolmentCodeHash(code!));
      expect(Date.parse(user!.enrolmentExpiresAt!)).toBeGreaterThan(Date.now());
      expect(await verifyPassword(user!.passwordHash, NEW_PASSWORD)).toBe(true);
      for (const session of annSessions) expect(await store.get('sessions', session.id)).toBeNull();
      expect(await store.get('sessions', benSession.id)).not.toBeNull();
      expect(await findUser(store, 'ben')).toMatchObject({ totpSecret: 'KRSXG5CTMVRXEZLU' });
      expect(await auditLog(store)).toEqual([
        expect.objectContaining({
          actor: CLI_ACTOR,
          action: 'user-reset',
          detail: 'advisor.ann: new password, two-factor and sessions cleared',
        }),
      ]);
    });
  });

  it('says an unknown user is unknown before asking for a password', async () => {
    expect(await runCli(target.env, ['users', 'reset', 'nobody'])).toEqual({ code: 1, out: '', err: 'No user nobody.\n' });
  });
});

describe('users, the command line', () => {
  it('refuses a missing name or an unknown subcommand with the usage', async () => {
    const env = { DB_FILE: path.join(temp.dir, 'db.json') };
    for (const argv of [['users'], ['users', 'add'], ['users', 'rename', 'a', 'b'], ['users', 'list', 'extra']]) {
      const { code, err } = await runCli(env, argv);
      expect(code).toBe(2);
      expect(err).toContain(`Unknown command: ${argv.join(' ')}`);
    }
  });
});
