/**
 * The PostgreSQL store (DATABASE_URL): the same rules as the file store
 * (db/file-store.ts), held by the database so that several instances can
 * share it. The idempotency key is a primary key, an enquiry and its alerts
 * are one transaction, and the answer comes after COMMIT.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ContactSubmission } from '../../../contract/contact';
import { silentLog, type Log } from '../../log';
import { hashPassword } from '../../passwords';
import type { DeletedCounts, Store, StoreRecords, SubmitResult, UserRecord } from '../../store-interface';
import { checkNewUser, fingerprintOf, newRecordsFor, usernameTaken } from '../../store-rules';
import type { AlertChannel, AlertRecord, EnquiryRecord, SpamRecord } from '../../records';
import { PostgresAlertQueue } from './alert-queue';
import { describeDatabase } from './describe-database';
import { migrate } from './migrate';
import { createPool, inTransaction, isUnavailable, unlessUnavailable } from './pool';
import {
  ALERT_COLUMNS,
  alertOf,
  alertValues,
  ENQUIRY_COLUMNS,
  ENQUIRY_WIDTH,
  enquiryOf,
  enquiryValues,
  placeholders,
  SPAM_COLUMNS,
  SPAM_WIDTH,
  spamOf,
  type AlertRow,
  type EnquiryRow,
  type SpamRow,
} from './rows';

const UNIQUE_VIOLATION = '23505';

/** Another submission with this key committed while ours was being written: ours is rolled back. */
class KeyTakenMeanwhile extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION;
}

export class PostgresStore extends PostgresAlertQueue implements Store {
  constructor(
    pool: pg.Pool,
    private readonly alertChannels: readonly AlertChannel[],
    private readonly secret: Buffer,
    claimMs?: number,
  ) {
    super(pool, claimMs);
  }

  async submitEnquiry(submission: ContactSubmission, idempotencyKey?: string): Promise<SubmitResult> {
    const fingerprint = fingerprintOf(submission);
    for (;;) {
      if (idempotencyKey !== undefined) {
        const existing = await this.#findByKey(idempotencyKey);
        if (existing) return existing.fingerprint === fingerprint ? { outcome: 'replayed', record: existing } : { outcome: 'conflict' };
      }
      try {
        return await this.#insert(submission, fingerprint, idempotencyKey);
      } catch (error) {
        // The first of two concurrent submissions won; the loop reads its answer.
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
      }
    }
  }

  async #insert(submission: ContactSubmission, fingerprint: string, idempotencyKey?: string): Promise<SubmitResult> {
    const { record, isSpam, alerts } = newRecordsFor(submission, {
      fingerprint,
      idempotencyKey,
      alertChannels: this.alertChannels,
      now: new Date(),
    });
    await inTransaction(this.pool, async (client) => {
      try {
        if (isSpam)
          await client.query(`INSERT INTO spam (${SPAM_COLUMNS}) VALUES ${placeholders(1, SPAM_WIDTH)}`, [
            ...enquiryValues(record),
            'website' in record ? record.website : '',
          ]);
        else
          await client.query(`INSERT INTO enquiries (${ENQUIRY_COLUMNS}) VALUES ${placeholders(1, ENQUIRY_WIDTH)}`, enquiryValues(record));
        if (idempotencyKey !== undefined) {
          // Waits for a concurrent transaction holding the same key, then fails if that one committed.
          await client.query(`INSERT INTO idempotency_keys (key, ${isSpam ? 'spam_id' : 'enquiry_id'}) VALUES ($1, $2)`, [
            idempotencyKey,
            record.id,
          ]);
        }
      } catch (error) {
        throw isUniqueViolation(error) ? new KeyTakenMeanwhile() : error;
      }
      await insertAlerts(client, alerts);
    });
    if (alerts.length > 0) this.notifyAlertsAdded();
    return { outcome: 'created', record };
  }

  async #findByKey(key: string): Promise<EnquiryRecord | SpamRecord | null> {
    const { rows } = await unlessUnavailable(() =>
      this.pool.query<SpamRow | (EnquiryRow & { website: null })>(
        `SELECT ${ENQUIRY_COLUMNS}, NULL AS website FROM enquiries WHERE idempotency_key = $1
         UNION ALL SELECT ${SPAM_COLUMNS} FROM spam WHERE idempotency_key = $1`,
        [key],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return row.website === null ? enquiryOf(row) : spamOf(row);
  }

  async records(): Promise<StoreRecords> {
    return inTransaction(this.pool, async (client) => {
      // One snapshot for the three lists: no alert of an enquiry deleted between two of them.
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const enquiries = await client.query<EnquiryRow>(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries ORDER BY position`);
      const spam = await client.query<SpamRow>(`SELECT ${SPAM_COLUMNS} FROM spam ORDER BY position`);
      const alerts = await client.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM alerts ORDER BY position`);
      return { enquiries: enquiries.rows.map(enquiryOf), spam: spam.rows.map(spamOf), alerts: alerts.rows.map(alertOf) };
    });
  }

  deleteByEmail(email: string): Promise<DeletedCounts> {
    // sameEmail() (store-rules.ts) in SQL: the address trimmed and lower-cased on both sides.
    return this.#deleteWhere('lower(btrim(email)) = $1', email.trim().toLowerCase());
  }

  deleteOlderThan(cutoff: Date): Promise<DeletedCounts> {
    return this.#deleteWhere('created_at < $1', cutoff);
  }

  /** Deletes matching enquiries and spam in one transaction; their alerts and keys go with them (ON DELETE CASCADE). */
  async #deleteWhere(condition: string, value: unknown): Promise<DeletedCounts> {
    return inTransaction(this.pool, async (client) => {
      const enquiries = await client.query(`DELETE FROM enquiries WHERE ${condition}`, [value]);
      const spam = await client.query(`DELETE FROM spam WHERE ${condition}`, [value]);
      return { enquiries: enquiries.rowCount ?? 0, spam: spam.rowCount ?? 0 };
    });
  }

  async addUser(username: string, password: string): Promise<UserRecord> {
    const name = checkNewUser(username, password);
    const user: UserRecord = {
      id: randomUUID(),
      username: name,
      passwordHash: await hashPassword(password),
      createdAt: new Date().toISOString(),
    };
    try {
      await unlessUnavailable(() =>
        this.pool.query('INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          user.username,
          user.passwordHash,
          user.createdAt,
        ]),
      );
    } catch (error) {
      // users_username: the unique index on lower(username).
      if (isUniqueViolation(error)) throw usernameTaken(name);
      throw error;
    }
    return user;
  }

  /** PostgreSQL has no size the service is made for. */
  async capacity(): Promise<null> {
    return null;
  }

  async deploymentSecret(): Promise<Buffer> {
    return this.secret;
  }

  async writable(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch (error) {
      if (isUnavailable(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Inserts alert records as they are; resolves with how many went in. `skipCopied`:
 * those already there are left alone (the migrate command, run again).
 */
export async function insertAlerts(client: pg.PoolClient, alerts: readonly AlertRecord[], skipCopied = false): Promise<number> {
  if (alerts.length === 0) return 0;
  const { rowCount } = await client.query(
    `INSERT INTO alerts (${ALERT_COLUMNS}) VALUES ${placeholders(alerts.length, 10)}${skipCopied ? ' ON CONFLICT DO NOTHING' : ''}`,
    alerts.flatMap(alertValues),
  );
  return rowCount ?? 0;
}

export interface OpenPostgresStoreOptions {
  /** The channels each new enquiry gets a pending alert for. */
  alertChannels?: readonly AlertChannel[];
  /** Where lost connections are reported. */
  log?: Log;
  /** How long a sender's claim on an alert lasts (tests shorten it). */
  claimMs?: number;
  /** How long a query may go unanswered (tests shorten it). */
  queryTimeoutMs?: number;
}

/**
 * The deployment's secret: made by the first instance to start, read by every
 * other. Of two instances starting at once, the second's INSERT waits for the
 * first's and does nothing, and both then read the first's.
 */
async function deploymentSecretOf(pool: pg.Pool): Promise<Buffer> {
  await pool.query('INSERT INTO deployment_secret (secret) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32)]);
  const { rows } = await pool.query<{ secret: Buffer }>('SELECT secret FROM deployment_secret');
  return rows[0]!.secret;
}

/**
 * Connects, migrates the schema (or throws SchemaTooNewError), reads the
 * deployment's secret and returns the store; a database it cannot reach is a
 * sentence saying so.
 */
export async function openPostgresStore(url: string, options: OpenPostgresStoreOptions = {}): Promise<PostgresStore> {
  const pool = createPool(url, options.log ?? silentLog, options.queryTimeoutMs);
  let secret: Buffer;
  try {
    await migrate(pool);
    secret = await deploymentSecretOf(pool);
  } catch (error) {
    await pool.end();
    if (!isUnavailable(error)) throw error;
    throw new Error(
      `${describeDatabase(url)} cannot be reached: ${(error as Error).message}. Check DATABASE_URL and that the database is up.`,
      { cause: error },
    );
  }
  return new PostgresStore(pool, options.alertChannels ?? [], secret, options.claimMs);
}
