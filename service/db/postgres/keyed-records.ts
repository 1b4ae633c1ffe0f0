/**
 * Records by collection and key in PostgreSQL's typed tables, and the
 * transaction Store.atomically runs its work in. A record read in a
 * transaction is read FOR UPDATE: another instance's transaction that reads
 * or changes it waits for this one's COMMIT, and then sees what it wrote.
 */
import type pg from 'pg';
import type { KeyedCollection, KeyedRecords, RecordAccess, Transaction } from '../../store-interface';
import { SESSION_COLUMNS, sessionOf, sessionValues, USER_COLUMNS, userOf, userValues } from './inbox-rows';
import { addAudit, lockedChainHead } from './audit-log';
import { inTransaction, unlessUnavailable } from './pool';
import { isUuid, placeholders } from './rows';

interface Table<Record> {
  name: string;
  columns: string;
  of: (row: never) => Record;
  values: (record: Record) => unknown[];
  /** Whether its key is a uuid column: any other text is no key of it. */
  uuidKey: boolean;
}

const TABLES: { [Name in KeyedCollection]: Table<KeyedRecords[Name]> } = {
  users: { name: 'users', columns: USER_COLUMNS, of: userOf, values: userValues, uuidKey: true },
  sessions: { name: 'sessions', columns: SESSION_COLUMNS, of: sessionOf, values: sessionValues, uuidKey: false },
};

/** The first key of the two-key advisory locks Transaction.lock takes ("rul"): apart from acknowledgements.ts's. */
const RULE_LOCKS = 0x72756c;

const upsert = (table: Table<unknown>) => {
  const columns = table.columns.split(', ');
  const updates = columns.filter((column) => column !== 'id').map((column) => `${column} = EXCLUDED.${column}`);
  return `INSERT INTO ${table.name} (${table.columns}) VALUES ${placeholders(1, columns.length)} ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`;
};

/** get, put and delete through `query`; `forUpdate` locks what get reads until the transaction ends. */
function recordAccess(query: (text: string, values: unknown[]) => Promise<pg.QueryResult>, forUpdate: boolean): RecordAccess {
  return {
    async get<Name extends KeyedCollection>(collection: Name, id: string) {
      const table = TABLES[collection] as Table<KeyedRecords[Name]>;
      if (table.uuidKey && !isUuid(id)) return null;
      const { rows } = await query(`SELECT ${table.columns} FROM ${table.name} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
      return rows[0] ? table.of(rows[0] as never) : null;
    },
    async put<Name extends KeyedCollection>(collection: Name, record: KeyedRecords[Name]) {
      const table = TABLES[collection] as Table<KeyedRecords[Name]>;
      await query(upsert(table as Table<unknown>), table.values(record));
    },
    async delete(collection: KeyedCollection, id: string) {
      const table = TABLES[collection];
      if (table.uuidKey && !isUuid(id)) return false;
      const { rowCount } = await query(`DELETE FROM ${table.name} WHERE id = $1`, [id]);
      return rowCount === 1;
    },
  };
}

/** Each a statement of its own, outside any transaction. */
export function poolRecords(pool: pg.Pool): RecordAccess {
  return recordAccess((text, values) => unlessUnavailable(() => pool.query(text, values)), false);
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export function atomically<T>(pool: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return inTransaction(pool, (client) => {
    const query = (text: string, values: unknown[]) => client.query(text, values);
    return work({
      ...recordAccess(query, true),
      async lock(name) {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RULE_LOCKS, name]);
      },
      auditChainHead: () => lockedChainHead(client),
      addAudit: (record) => addAudit(client, record),
    });
  });
}
