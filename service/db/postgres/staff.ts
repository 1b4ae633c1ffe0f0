/**
 * Removing one of the firm's staff in PostgreSQL: their sessions end and
 * their enquiries are unassigned, in one transaction.
 */
import type pg from 'pg';
import { inTransaction } from './pool';
import { isUuid } from './rows';

export async function removeUser(pool: pg.Pool, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return inTransaction(pool, async (client) => {
    const { rowCount } = await client.query('DELETE FROM users WHERE id = $1', [id]);
    await client.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    await client.query('UPDATE enquiries SET assignee_id = NULL WHERE assignee_id = $1', [id]);
    return rowCount === 1;
  });
}
