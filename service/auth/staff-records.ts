/**
 * Changes to a user's and a session's record that must not undo one made
 * meanwhile (on any instance): each reads the record and writes it in one
 * transaction (Store.atomically), so what it did not name stays as stored.
 */
import type { SessionRecord, UserRecord } from '../records';
import type { Store } from '../store-interface';
import { usernameTaken } from '../store-rules';

/** The fields of a user that change after it is made. */
const USER_CHANGE_FIELDS = [
  'passwordHash',
  'totpSecret',
  'totpLastStep',
  'recoveryCodeHashes',
  'enrolmentCodeHash',
  'enrolmentExpiresAt',
] as const;
/** A change to some of them; those left out (or undefined) stay as the store has them. */
export type UserChange = Partial<Pick<UserRecord, (typeof USER_CHANGE_FIELDS)[number]>>;

/**
 * Changes the named fields of a user, and no others: a recovery code spent
 * or a code's step used meanwhile (on any instance) stays so. Nothing for a
 * user that is not there: a sign-in finishing after the user's removal must
 * not bring them back.
 */
export function changeUser(store: Pick<Store, 'atomically'>, id: string, change: UserChange): Promise<void> {
  const named = USER_CHANGE_FIELDS.filter((field) => change[field] !== undefined);
  if (named.length === 0) return Promise.resolve();
  return store.atomically(async (tx) => {
    const user = await tx.get('users', id);
    if (user !== null) await tx.put('users', { ...user, ...Object.fromEntries(named.map((field) => [field, change[field]])) });
  });
}

/** Sets a session's lastSeenAt; changes nothing when the session is gone: a sign-out meanwhile stays a sign-out. */
export function touchSession(store: Pick<Store, 'atomically'>, id: string, lastSeenAt: string): Promise<void> {
  return store.atomically(async (tx) => {
    const session = await tx.get('sessions', id);
    if (session !== null) await tx.put('sessions', { ...session, lastSeenAt });
  });
}

/** Ends every session of one user (sign out everywhere, a password reset), but `exceptId` when given. */
export function deleteSessionsOf(store: Pick<Store, 'atomically'>, userId: string, exceptId?: string): Promise<void> {
  return store.atomically(async (tx) => {
    for (const session of await tx.find('sessions', { userId })) if (session.id !== exceptId) await tx.delete('sessions', session.id);
  });
}

/**
 * Removes sessions last seen before `idleCutoff` or made before `absoluteCutoff`.
 * find() does not lock, so each candidate is read again with get(), which
 * does: a session touched meanwhile on another instance is kept.
 */
export function deleteExpiredSessions(store: Pick<Store, 'atomically'>, idleCutoff: Date, absoluteCutoff: Date): Promise<void> {
  const [idle, absolute] = [idleCutoff.toISOString(), absoluteCutoff.toISOString()];
  const expired = (session: SessionRecord) => session.lastSeenAt < idle || session.createdAt < absolute;
  return store.atomically(async (tx) => {
    for (const candidate of (await tx.find('sessions')).filter(expired)) {
      const session = await tx.get('sessions', candidate.id);
      if (session !== null && expired(session)) await tx.delete('sessions', session.id);
    }
  });
}

/**
 * Removes a user, their sessions and their assignments, in one transaction;
 * false when there is none. Their enquiries become unassigned rather than
 * kept under someone who is gone: the inbox already shows them with no
 * assignee, and the data then says the same (to an export, to a filter by
 * assignee), so that staff see they need someone to take them. Their notes
 * and the audit log keep their id and name.
 */
export function removeUser(store: Pick<Store, 'atomically'>, id: string): Promise<boolean> {
  return store.atomically(async (tx) => {
    if (!(await tx.delete('users', id))) return false;
    for (const session of await tx.find('sessions', { userId: id })) await tx.delete('sessions', session.id);
    for (const { assigneeId: _assigneeId, ...enquiry } of await tx.find('enquiries', { assigneeId: id })) {
      await tx.put('enquiries', enquiry);
    }
    return true;
  });
}

/** Held while a username is checked and added: of two instances adding one name at once, one does. */
const USERNAMES_LOCK = 'usernames';
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The user with this username, in any case. A firm's staff are few: all are read. */
export async function findUser(store: Pick<Store, 'find'>, username: string): Promise<UserRecord | null> {
  return (await store.find('users')).find((user) => sameName(user.username, username)) ?? null;
}

/** Adds a user; throws UserInputError when the username is taken (case-insensitive), on any instance. */
export function addUser(store: Pick<Store, 'atomically'>, user: UserRecord): Promise<void> {
  return store.atomically(async (tx) => {
    await tx.lock(USERNAMES_LOCK);
    if ((await tx.find('users')).some((other) => sameName(other.username, user.username))) throw usernameTaken(user.username);
    await tx.put('users', user);
  });
}
