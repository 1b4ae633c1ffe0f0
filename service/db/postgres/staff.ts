/**
 * The firm's staff and their sessions in PostgreSQL, shared by every
 * instance: a session made by one is valid on all. A username is unique
 * whatever its case (the index users_username on lower(username)). Removing
 * a user ends their sessions and unassigns their enquiries, in one transaction.
 */
import type pg from 'pg';
import type { SessionRecord, UserRecord } from '../../records';
import { namedUserFields, type FinishedEnrolment, type UserChange } from '../../store-interface';
import { usernameTaken } from '../../store-rules';
import {
  SESSION_COLUMNS,
  sessionOf,
  sessionValues,
  USER_COLUMNS,
  USER_WIDTH,
  userOf,
  userValues,
  type SessionRow,
  type UserRow,
} from './inbox-rows';
import { inTransaction, isUniqueViolation, unlessUnavailable } from './pool';
import { isUuid, placeholders } from './rows';

/** Adds `user`; a username taken by another is a UserInputError that says so. */
export async function addUser(pool: pg.Pool, user: UserRecord): Promise<void> {
  try {
    await unlessUnavailable(() =>
      pool.query(`INSERT INTO users (${USER_COLUMNS}) VALUES ${placeholders(1, USER_WIDTH)}`, userValues(user)),
    );
  } catch (error) {
    throw isUniqueViolation(error, 'users_username') ? usernameTaken(user.username) : error;
  }
}

/** The column of each field a UserChange may name. */
const CHANGED_COLUMNS = {
  passwordHash: 'password_hash',
  totpSecret: 'totp_secret',
  totpLastStep: 'totp_last_step',
  recoveryCodeHashes: 'recovery_code_hashes',
  enrolmentCodeHash: 'enrolment_code_hash',
  enrolmentExpiresAt: 'enrolment_expires_at',
} as const satisfies Record<keyof UserChange, string>;

export async function changeUser(pool: pg.Pool, id: string, change: UserChange): Promise<void> {
  const fields = namedUserFields(change);
  if (!isUuid(id) || fields.length === 0) return;
  const columns = fields.map((field, index) => `${CHANGED_COLUMNS[field]} = $${index + 2}`);
  await unlessUnavailable(() =>
    pool.query(`UPDATE users SET ${columns.join(', ')} WHERE id = $1`, [id, ...fields.map((field) => change[field])]),
  );
}

export async function users(pool: pg.Pool): Promise<UserRecord[]> {
  const { rows } = await unlessUnavailable(() => pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users ORDER BY created_at, id`));
  return rows.map(userOf);
}

export async function findUser(pool: pg.Pool, username: string): Promise<UserRecord | null> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [username]),
  );
  return rows[0] ? userOf(rows[0]) : null;
}

export async function getUser(pool: pg.Pool, id: string): Promise<UserRecord | null> {
  if (!isUuid(id)) return null;
  const { rows } = await unlessUnavailable(() => pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]));
  return rows[0] ? userOf(rows[0]) : null;
}

export async function removeUser(pool: pg.Pool, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return inTransaction(pool, async (client) => {
    const { rowCount } = await client.query('DELETE FROM users WHERE id = $1', [id]);
    await client.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    await client.query('UPDATE enquiries SET assignee_id = NULL WHERE assignee_id = $1', [id]);
    return rowCount === 1;
  });
}

/** Stores a session, or replaces the one with its id. */
export async function putSession(pool: pg.Pool, session: SessionRecord): Promise<void> {
  await unlessUnavailable(() =>
    pool.query(
      `INSERT INTO sessions (${SESSION_COLUMNS}) VALUES ${placeholders(1, 6)}
       ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, stage = EXCLUDED.stage,
         pending_totp_secret = EXCLUDED.pending_totp_secret, created_at = EXCLUDED.created_at, last_seen_at = EXCLUDED.last_seen_at`,
      sessionValues(session),
    ),
  );
}

export async function getSession(pool: pg.Pool, id: string): Promise<SessionRecord | null> {
  const { rows } = await unlessUnavailable(() => pool.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1`, [id]));
  return rows[0] ? sessionOf(rows[0]) : null;
}

export async function deleteSession(pool: pg.Pool, id: string): Promise<void> {
  await unlessUnavailable(() => pool.query('DELETE FROM sessions WHERE id = $1', [id]));
}

export async function deleteSessionsOf(pool: pg.Pool, userId: string, exceptId?: string): Promise<void> {
  if (!isUuid(userId)) return;
  await unlessUnavailable(() =>
    pool.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptId ?? null]),
  );
}

export async function deleteExpiredSessions(pool: pg.Pool, idleCutoff: Date, absoluteCutoff: Date): Promise<void> {
  await unlessUnavailable(() =>
    pool.query('DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2', [idleCutoff, absoluteCutoff]),
  );
}

/** An UPDATE, never an INSERT: a session ended meanwhile (on any instance) stays ended. */
export async function touchSession(pool: pg.Pool, id: string, lastSeenAt: string): Promise<void> {
  await unlessUnavailable(() => pool.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [id, lastSeenAt]));
}

/**
 * A compare-and-set: of two instances accepting the same step at once, the
 * second's UPDATE waits for the first's, reads the step it wrote, and changes nothing.
 */
export async function advanceTotpStep(pool: pg.Pool, userId: string, step: number): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const { rowCount } = await unlessUnavailable(() =>
    pool.query('UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)', [userId, step]),
  );
  return rowCount === 1;
}

/**
 * Enrolment as a compare-and-set: of two at once (on any instances), the
 * second's UPDATE waits for the first's, finds a secret, and changes nothing.
 */
export async function enrolUser(pool: pg.Pool, userId: string, enrolment: FinishedEnrolment, now: Date): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const { rowCount } = await unlessUnavailable(() =>
    pool.query(
      `UPDATE users SET totp_secret = $2, totp_last_step = $3, recovery_code_hashes = $4, enrolment_code_hash = NULL, enrolment_expires_at = NULL
       WHERE id = $1 AND totp_secret IS NULL AND enrolment_code_hash IS NOT NULL AND enrolment_expires_at > $5`,
      [userId, enrolment.totpSecret, enrolment.totpLastStep, enrolment.recoveryCodeHashes, now],
    ),
  );
  return rowCount === 1;
}

/** The same compare-and-set for a recovery code: one instance spends it. */
export async function spendRecoveryCode(pool: pg.Pool, userId: string, hash: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const { rowCount } = await unlessUnavailable(() =>
    pool.query(
      'UPDATE users SET recovery_code_hashes = array_remove(recovery_code_hashes, $2) WHERE id = $1 AND $2 = ANY (recovery_code_hashes)',
      [userId, hash],
    ),
  );
  return rowCount === 1;
}
