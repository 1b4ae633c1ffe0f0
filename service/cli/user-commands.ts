/**
 * The staff accounts, from the command line, since the first account cannot
 * be made in the inbox: `users add NAME`, `users list`, `users remove NAME`,
 * `users reset NAME`. The password is checked and hashed here (argon2id), so
 * it never leaves this process; the change itself, with its audit entry, is
 * made wherever the store may be written (see change-store.ts). Whether a
 * name is taken is asked the same way, before the password is typed: of the
 * running service when it holds the file store, else of the store opened with
 * its lock, never by reading the whole store beside the service.
 */
import { ENROLMENT_VALID_MS, newEnrolmentCode, newUser } from '../auth/enrolment-codes';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { describeLocation, readUsers, storeExists, type StoreLocation } from '../open-configured-store';
import type { UserRecord } from '../records';
import { checkUsername, enrolmentOpen } from '../store-rules';
import { UserInputError } from '../store-interface';
import { changeStore, cliActor } from './change-store';
import type { Io } from './io';
import { escapeForTerminal, plural, table, tableTime } from '../text/format';
import { readNewPassword } from './password-input';

async function userExists(location: StoreLocation, username: string): Promise<boolean> {
  // No store yet: no name is taken, and asking must not make one (a mistyped DB_FILE, a password typed wrong twice).
  if (!(await storeExists(location))) return false;
  const { answer } = await changeStore(location, { command: 'user-exists', username });
  return answer.exists;
}

const VALID_DAYS = ENROLMENT_VALID_MS / (24 * 60 * 60_000);

/** The one-time code to hand over with the password, and what it is for. */
function enrolmentLines(code: string): string {
  return [
    `Enrolment code: ${code}`,
    `Give it to them with the password, not in the same message. At their first sign-in it goes in the "Authentication code" field; it works once, for ${VALID_DAYS} days (then: users reset).`,
    '',
  ].join('\n');
}

/** A password that meets the rules, as its hash; null once the problem is said. */
async function newPasswordHash(io: Io): Promise<string | null> {
  const read = await readNewPassword(io.stdin, io.err);
  const problem = 'problem' in read ? read.problem : passwordProblem(read.password);
  if ('problem' in read || problem !== null) {
    io.err(`${problem}\n`);
    return null;
  }
  return hashPassword(read.password);
}

async function addUser(location: StoreLocation, io: Io, name: string): Promise<number> {
  const username = checkUsername(name);
  if (await userExists(location, username)) throw new UserInputError(`The username ${username} is taken.`);
  const passwordHash = await newPasswordHash(io);
  if (passwordHash === null) return 1;
  const { user, enrolmentCode } = newUser(username, passwordHash);
  await changeStore(location, { command: 'user-add', actor: cliActor(), user });
  io.out(`Added ${username}. At their first sign-in at /inbox they set up an authentication app.\n${enrolmentLines(enrolmentCode)}`);
  return 0;
}

function twoFactorColumn(user: UserRecord): string {
  if (user.totpSecret !== null) return 'enrolled';
  return enrolmentOpen(user, new Date()) ? 'not yet (set up at the next sign-in)' : 'not yet, enrolment code expired (users reset)';
}

async function listUsers(location: StoreLocation, io: Io, timeZone: string): Promise<number> {
  const users = await readUsers(location);
  if (users === null || users.length === 0) {
    io.out(`No users in ${describeLocation(location)}. Add one with: npm run enquiries -- users add NAME\n`);
    return 0;
  }
  const rows = [
    ['USERNAME', `CREATED (${timeZone})`, 'TWO-FACTOR'],
    ...users.map((user) => [escapeForTerminal(user.username), tableTime(user.createdAt, timeZone), twoFactorColumn(user)]),
  ];
  io.out(`${plural(users.length, 'user', 'users')} in ${describeLocation(location)}:\n\n${table(rows)}\n`);
  return 0;
}

async function removeUser(location: StoreLocation, io: Io, name: string): Promise<number> {
  const { answer } = await changeStore(location, { command: 'user-remove', actor: cliActor(), username: name });
  if (!answer.removed) {
    io.err(`No user ${escapeForTerminal(name)}.\n`);
    return 1;
  }
  io.out(`Removed ${escapeForTerminal(name.trim())} and ended their sessions. Their notes and the audit log keep their name.\n`);
  return 0;
}

async function resetUser(location: StoreLocation, io: Io, name: string): Promise<number> {
  // Said before the password is typed, not after.
  if (!(await userExists(location, name))) {
    io.err(`No user ${escapeForTerminal(name)}.\n`);
    return 1;
  }
  const passwordHash = await newPasswordHash(io);
  if (passwordHash === null) return 1;
  const enrolment = newEnrolmentCode();
  const { answer } = await changeStore(location, {
    command: 'user-reset',
    actor: cliActor(),
    username: name,
    passwordHash,
    enrolmentCodeHash: enrolment.hash,
    enrolmentExpiresAt: enrolment.expiresAt,
  });
  if (!answer.reset) {
    io.err(`No user ${escapeForTerminal(name)}.\n`);
    return 1;
  }
  io.out(
    `${escapeForTerminal(name.trim())} has a new password. Their two-factor and recovery codes are cleared and every session of theirs is ended: they set up an authentication app again at their next sign-in.\n${enrolmentLines(enrolment.code)}`,
  );
  return 0;
}

/** `users ...`; returns the exit code, or null for a subcommand it does not know. */
export async function runUserCommand(
  location: StoreLocation,
  io: Io,
  timeZone: string,
  [subcommand, name, ...rest]: readonly string[],
): Promise<number | null> {
  if (subcommand === 'list' && name === undefined) return listUsers(location, io, timeZone);
  if (name === undefined || rest.length > 0) return null;
  try {
    switch (subcommand) {
      case 'add':
        return await addUser(location, io, name);
      case 'remove':
        return await removeUser(location, io, name);
      case 'reset':
        return await resetUser(location, io, name);
    }
  } catch (error) {
    if (!(error instanceof UserInputError)) throw error;
    io.err(`${escapeForTerminal(error.message)}\n`);
    return 1;
  }
  return null;
}
