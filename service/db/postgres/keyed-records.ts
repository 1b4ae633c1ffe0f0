/**
 * Records by collection and key in PostgreSQL's typed tables, and the
 * transaction Store.atomically runs its work in. A record read in a
 * transaction is read FOR UPDATE: another instance's transaction that reads
 * or changes it waits for this one's COMMIT, and then sees what it wrote.
 */
import type pg from 'pg';
import {
  isOperatorAlert,
  type FoundRecords,
  type KeyedCollection,
  type KeyedRecords,
  type RecordAccess,
  type Transaction,
  type Findable,
} from '../../store-interface';
import { referencedIdPrefix } from '../../../contract/reference';
import {
  MESSAGE_COLUMNS,
  messageOf,
  messageValues,
  AUDIT_COLUMNS,
  auditOf,
  NOTE_COLUMNS,
  noteOf,
  noteValues,
  SESSION_COLUMNS,
  sessionOf,
  sessionValues,
  USER_COLUMNS,
  userOf,
  userValues,
} from './inbox-rows';
import type { AlertRecord, EnquiryRecord, SpamRecord, TallyRecord } from '../../records';
import { tallyId } from '../../store-rules';
import { acknowledgementIfDue } from './acknowledgements';
import { insertAlerts } from './alert-queue';
import { MAILBOX_CURSOR_COLUMNS, mailboxCursorOf, mailboxCursorValues } from './mailbox-cursor-rows';
import { addAudit, cutAudit, lockedHeadEntry } from './audit-log';
import { insertOperatorAlerts, OPERATOR_ALERT_COLUMNS, operatorAlertOf } from './operator-alerts';
import { inTransaction, unlessUnavailable } from './pool';
import {
  ALERT_COLUMNS,
  alertOf,
  ENQUIRY_COLUMNS,
  enquiryOf,
  enquiryValues,
  isUuid,
  placeholders,
  SPAM_COLUMNS,
  spamOf,
  spamValues,
} from './rows';

interface Table<Record> {
  name: string;
  columns: string;
  /** What a read selects, when not the columns as they are. */
  select?: string;
  of: (row: never) => Record;
  /** Absent for a table only read here. */
  values?: (record: Record) => unknown[];
  /** Its uuid columns: any other text is no value of them. */
  uuids: readonly string[];
  /** Oldest first. */
  order: string;
  /** What else a put writes: the idempotency key an enquiry or a held record is found by (migration 001). */
  alsoPut?: (query: Query, record: Record) => Promise<unknown>;
}

type Query = (text: string, values: unknown[]) => Promise<pg.QueryResult>;

/** A released record keeps its key: its row went with the held one (ON DELETE CASCADE) and is made again. */
const keyOf =
  (column: 'enquiry_id' | 'spam_id') =>
  (query: Query, { id, idempotencyKey }: EnquiryRecord | SpamRecord) =>
    idempotencyKey === null
      ? Promise.resolve()
      : query(`INSERT INTO idempotency_keys (key, ${column}) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [idempotencyKey, id]);

/** The ids an id or a reference stands for: the reference is the id's first 8 digits, a range of the primary key. */
function idRange(reference: string): [string, string] | null {
  const prefix = referencedIdPrefix(reference);
  return prefix === null ? null : [`${prefix}-0000-0000-0000-000000000000`, `${prefix}-ffff-ffff-ffff-ffffffffffff`];
}

const TABLES: { [Name in keyof FoundRecords]: Table<FoundRecords[Name]> } = {
  users: { name: 'users', columns: USER_COLUMNS, of: userOf, values: userValues, uuids: ['id'], order: 'created_at, id' },
  sessions: {
    name: 'sessions',
    columns: SESSION_COLUMNS,
    of: sessionOf,
    values: sessionValues,
    uuids: ['user_id'],
    order: 'created_at, id',
  },
  notes: {
    name: 'notes',
    columns: NOTE_COLUMNS,
    of: noteOf,
    values: noteValues,
    uuids: ['id', 'enquiry_id', 'user_id'],
    order: 'position',
  },
  messages: {
    name: 'messages',
    columns: MESSAGE_COLUMNS,
    of: messageOf,
    values: messageValues,
    uuids: ['id', 'enquiry_id'],
    order: 'created_at, position',
  },
  mailboxCursors: {
    name: 'mailbox_cursors',
    columns: MAILBOX_CURSOR_COLUMNS,
    of: mailboxCursorOf,
    values: mailboxCursorValues,
    uuids: [],
    order: 'id',
  },
  alerts: { name: 'alerts', columns: ALERT_COLUMNS, of: alertOf, uuids: ['id', 'enquiry_id'], order: 'position' },
  operatorAlerts: { name: 'operator_alerts', columns: OPERATOR_ALERT_COLUMNS, of: operatorAlertOf, uuids: ['id'], order: 'position' },
  audit: { name: 'audit_log', columns: AUDIT_COLUMNS, of: auditOf, uuids: [], order: 'seq' },
  tallies: {
    name: 'daily_tallies',
    columns: 'day, name, count, examples',
    select: "to_char(day, 'YYYY-MM-DD') AS day, name, count, examples",
    of: (row: Omit<TallyRecord, 'id'>) => ({ id: tallyId(row.day, row.name), ...row }),
    uuids: [],
    order: 'day, name',
  },
  enquiries: {
    name: 'enquiries',
    columns: ENQUIRY_COLUMNS,
    of: enquiryOf,
    values: enquiryValues,
    uuids: ['id', 'idempotency_key', 'assignee_id'],
    order: 'created_at, id',
    alsoPut: keyOf('enquiry_id'),
  },
  spam: {
    name: 'spam',
    columns: SPAM_COLUMNS,
    of: spamOf,
    values: spamValues,
    uuids: ['id', 'idempotency_key'],
    order: 'created_at, id',
    alsoPut: keyOf('spam_id'),
  },
};

/** A table's column names, without the quotes a reserved word ("from") has in its column list. */
const columnNames = (table: { columns: string }) => table.columns.replaceAll('"', '').split(', ');
/** A record's field as its table's column: enquiryId is enquiry_id. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** False for a value its column cannot hold: the query would fail, and no record has it. */
const fits = (table: { uuids: readonly string[] }, column: string, value: string) => !table.uuids.includes(column) || isUuid(value);

/** The first key of the two-key advisory locks Transaction.lock takes ("rul"): apart from acknowledgements.ts's. */
const RULE_LOCKS = 0x72756c;

const upsert = (table: { name: string; columns: string }) => {
  const columns = table.columns.split(', ');
  const updates = columns.filter((column) => column !== 'id').map((column) => `${column} = EXCLUDED.${column}`);
  return `INSERT INTO ${table.name} (${table.columns}) VALUES ${placeholders(1, columns.length)} ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`;
};

/** get, put and delete through `query`; `forUpdate` locks what get reads until the transaction ends. */
function recordAccess(query: Query, forUpdate: boolean): RecordAccess {
  return {
    async get<Name extends KeyedCollection>(collection: Name, id: string) {
      const table = TABLES[collection] as Table<KeyedRecords[Name]>;
      if (!fits(table, 'id', id)) return null;
      const { rows } = await query(`SELECT ${table.columns} FROM ${table.name} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
      return rows[0] ? table.of(rows[0] as never) : null;
    },
    async put<Name extends KeyedCollection>(collection: Name, record: KeyedRecords[Name]) {
      const table = TABLES[collection] as Table<KeyedRecords[Name]>;
      await query(upsert(table), table.values!(record));
      await table.alsoPut?.(query, record);
    },
    async delete(collection: KeyedCollection, id: string) {
      const table = TABLES[collection];
      if (!fits(table, 'id', id)) return false;
      const { rowCount } = await query(`DELETE FROM ${table.name} WHERE id = $1`, [id]);
      return rowCount === 1;
    },
    async find<Name extends keyof FoundRecords>(collection: Name, where: Findable<Name> = {}) {
      const table = TABLES[collection] as Table<FoundRecords[Name]>;
      const [field, value] = (Object.entries(where)[0] ?? []) as [string?, string?];
      const byReference = field === 'reference' && (collection === 'enquiries' || collection === 'spam');
      const range = byReference ? idRange(value!) : null;
      const column = field === undefined || byReference ? null : columnOf(field);
      if (byReference && range === null) return [];
      if (column !== null && (!columnNames(table).includes(column) || !fits(table, column, value!))) return [];
      const [condition, values] =
        range !== null ? [' WHERE id BETWEEN $1 AND $2', range] : column === null ? ['', []] : [` WHERE "${column}" = $1`, [value]];
      const { rows } = await query(
        `SELECT ${table.select ?? table.columns} FROM ${table.name}${condition} ORDER BY ${table.order}`,
        values,
      );
      return rows.map((row) => table.of(row as never));
    },
  };
}

/** Each a statement of its own, outside any transaction. */
export function poolRecords(pool: pg.Pool): RecordAccess {
  return recordAccess((text, values) => unlessUnavailable(() => pool.query(text, values)), false);
}

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back
 * when it throws; `alertsAdded` is called after a COMMIT that added alerts.
 */
export async function atomically<T>(
  pool: pg.Pool,
  work: (tx: Transaction) => Promise<T>,
  auditKey: string | null,
  alertsAdded: () => void,
  /** Queue acknowledgements to visitors (ACK_EMAIL_FROM). */
  acknowledge: boolean,
): Promise<T> {
  let queued = 0;
  const result = await inTransaction(pool, (client) => {
    const query = (text: string, values: unknown[]) => client.query(text, values);
    return work({
      ...recordAccess(query, true),
      auditKey,
      async lock(name) {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RULE_LOCKS, name]);
      },
      auditChainHead: () => lockedHeadEntry(client),
      addAudit: (record) => addAudit(client, record),
      cutAudit: (cutoff) => cutAudit(client, cutoff),
      acknowledgement: async (enquiry, now, limits) => (acknowledge ? acknowledgementIfDue(client, enquiry, now, limits) : []),
      async unremindedNew(since, cutoff) {
        const { rows } = await client.query<{ id: string }>(
          `SELECT id FROM enquiries WHERE status = 'new' AND created_at >= $1 AND created_at < $2
             AND NOT EXISTS (SELECT 1 FROM alerts WHERE enquiry_id = enquiries.id AND kind = 'reminder')
           ORDER BY created_at, id`,
          [since, cutoff],
        );
        return rows.map((row) => row.id);
      },
      async queueAlerts(alerts) {
        queued += await insertAlerts(
          client,
          alerts.filter((alert): alert is AlertRecord => !isOperatorAlert(alert)),
        );
        queued += await insertOperatorAlerts(client, alerts.filter(isOperatorAlert));
      },
    });
  });
  if (queued > 0) alertsAdded();
  return result;
}
