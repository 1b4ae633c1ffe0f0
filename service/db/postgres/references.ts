/**
 * Unique references in PostgreSQL (migration 011): a new record's reference
 * is taken in enquiry_references inside the transaction that inserts the
 * record. A concurrent transaction taking the same one makes the INSERT wait
 * for it; if it commits, ours takes nothing and draws another id; if it rolls
 * back, ours takes the reference.
 */
import type pg from 'pg';
import { referencePrefix } from '../../store-rules';

/** An id whose reference is now taken by this transaction. */
export async function takeUnreferencedId(client: pg.PoolClient, newId: () => string): Promise<string> {
  for (;;) {
    const id = newId();
    const { rowCount } = await client.query('INSERT INTO enquiry_references (prefix) VALUES ($1) ON CONFLICT DO NOTHING', [
      referencePrefix(id),
    ]);
    if (rowCount === 1) return id;
  }
}

/** After records were copied in: every stored record's reference taken. */
export async function takeStoredReferences(client: pg.PoolClient): Promise<void> {
  await client.query(`INSERT INTO enquiry_references (prefix)
    SELECT left(id::text, 8) FROM enquiries UNION SELECT left(id::text, 8) FROM spam
    ON CONFLICT DO NOTHING`);
}
