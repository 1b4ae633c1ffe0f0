/**
 * The firm's staff and their sessions in PostgreSQL, shared by every
 * instance: a session made by one is valid on all. A username is unique
 * whatever its case (the index users_username on lower(username)). Removing
 * a user ends their sessions and unassigns their enquiries, in one transaction.
 */
import type pg from 'pg';
import type { UserRecord } from '../../records';
import { usernameTaken } from '../../store-rules';
import { USER_COLUMNS, USER_WIDTH, userOf, userValues, type UserRow } from './inbox-rows';
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

export async function findUser(pool: pg.Pool, username: string): Promise<UserRecord | null> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [username]),
  );
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
