/**
 * The PostgreSQL store (DATABASE_URL): the same rules as the file store
 * (db/file-store.ts), held by the database so that several instances can
 * share it. The idempotency key is a primary key, an enquiry and its alerts
 * are one transaction, and the answer comes after COMMIT.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ContactSubmission } from '../../../contract/contact';
import { silentLog, type Log } from '../../log';
import type {
  DeletedCounts,
  EnquiryPage,
  EnquiryQuery,
  HeldUsage,
  Store,
  StoreRecords,
  SubmitOptions,
  SubmitResult,
  FoundRecords,
  KeyedCollection,
  Findable,
  KeyedRecords,
  Transaction,
} from '../../store-interface';
import { NoRoomToHoldError } from '../../store-interface';
import { fingerprintOf, newRecordsFor } from '../../store-rules';
import { reasonOf } from '../../records';
import type { AlertChannel, EnquiryRecord, MessageRecord, NoteRecord, SpamRecord, TallyName } from '../../records';
import { acknowledgementsPerDay } from '../../alerts/acknowledgement-limits';
import { acknowledgementIfDue } from './acknowledgements';
import { insertAlerts, PostgresAlertQueue } from './alert-queue';
import { describeDatabase } from './describe-database';
import { listEnquiries } from './enquiry-list';
import * as review from './held-review';
import * as workflow from './enquiry-workflow';
import { migrate } from './migrate';
import { atomically, poolRecords } from './keyed-records';
import { createPool, inTransaction, isUnavailable, isUniqueViolation, unlessUnavailable } from './pool';
import { takeUnreferencedId } from './references';
import {
  ALERT_COLUMNS,
  alertOf,
  ENQUIRY_COLUMNS,
  ENQUIRY_WIDTH,
  enquiryOf,
  enquiryValues,
  placeholders,
  SPAM_COLUMNS,
  SPAM_WIDTH,
  spamOf,
  spamValues,
  SUBMISSION_COLUMNS,
  type AlertRow,
  type EnquiryRow,
  type SpamRow,
} from './rows';

/** Another submission with this key committed while ours was being written: ours is rolled back. */
class KeyTakenMeanwhile extends Error {}

export class PostgresStore extends PostgresAlertQueue implements Store {
  constructor(
    pool: pg.Pool,
    private readonly alertChannels: readonly AlertChannel[],
    private readonly secret: Buffer,
    claimMs?: number,
    /** Queue an acknowledgement to the visitor with each accepted enquiry (ACK_EMAIL_FROM). */
    private readonly acknowledge = false,
    /** AUDIT_KEY; null appends unkeyed audit entries, as before a deployment had one. */
    private readonly auditKey: string | null = null,
    /** Where new records' ids come from: tests give ids whose references collide. */
    private readonly newId: () => string = randomUUID,
  ) {
    super(pool, claimMs);
  }

  readonly #records = poolRecords(this.pool);

  get<Name extends KeyedCollection>(collection: Name, id: string): Promise<KeyedRecords[Name] | null> {
    return this.#records.get(collection, id);
  }

  find<Name extends keyof FoundRecords>(collection: Name, where?: Findable<Name>): Promise<FoundRecords[Name][]> {
    return this.#records.find(collection, where);
  }

  atomically<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return atomically(this.pool, work, this.auditKey, () => this.notifyAlertsAdded(), this.acknowledge);
  }

  async submitEnquiry(submission: ContactSubmission, idempotencyKey?: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    const fingerprint = fingerprintOf(submission);
    for (;;) {
      if (idempotencyKey !== undefined) {
        const existing = await this.#findByKey(idempotencyKey);
        if (existing) return existing.fingerprint === fingerprint ? { outcome: 'replayed', record: existing } : { outcome: 'conflict' };
      }
      try {
        return await this.#insert(submission, fingerprint, idempotencyKey, options);
      } catch (error) {
        // The first of two concurrent submissions won; the loop reads its answer.
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
      }
    }
  }

  async #insert(
    submission: ContactSubmission,
    fingerprint: string,
    idempotencyKey: string | undefined,
    { holdFor, dailyCeiling = 0, mayHold = true, clientKeys = [] }: SubmitOptions,
  ): Promise<SubmitResult> {
    const now = new Date();
    const { record, queued } = await inTransaction(this.pool, async (client) => {
      const overCeiling = holdFor === undefined && dailyCeiling > 0 && (await review.ceilingReached(client, dailyCeiling, now));
      const id = await takeUnreferencedId(client, this.newId);
      const { record, isSpam, alerts } = newRecordsFor(submission, {
        id,
        fingerprint,
        idempotencyKey,
        alertChannels: this.alertChannels,
        now,
        holdFor: holdFor ?? (overCeiling ? 'daily-ceiling' : undefined),
      });
      if (isSpam && !mayHold) throw new NoRoomToHoldError(reasonOf(record as SpamRecord));
      try {
        if (isSpam)
          await client.query(`INSERT INTO spam (${SPAM_COLUMNS}) VALUES ${placeholders(1, SPAM_WIDTH)}`, spamValues(record as SpamRecord));
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
      const limits = { clientKeys, perDay: acknowledgementsPerDay(dailyCeiling) };
      const acknowledgement = isSpam || !this.acknowledge ? [] : await acknowledgementIfDue(client, record, now, limits);
      await insertAlerts(client, [...alerts, ...acknowledgement]);
      return { record, queued: alerts.length + acknowledgement.length };
    });
    if (queued > 0) this.notifyAlertsAdded();
    return { outcome: 'created', record };
  }

  async #findByKey(key: string): Promise<EnquiryRecord | SpamRecord | null> {
    const { rows } = await unlessUnavailable(() =>
      this.pool.query<(SpamRow & EnquiryRow) | (EnquiryRow & { website: null; reason: null })>(
        `SELECT ${ENQUIRY_COLUMNS}, NULL AS website, NULL AS reason FROM enquiries WHERE idempotency_key = $1
         UNION ALL SELECT ${SUBMISSION_COLUMNS}, 'new', NULL, website, reason FROM spam WHERE idempotency_key = $1`,
        [key],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return row.reason === null ? enquiryOf(row) : spamOf(row);
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
    // sentFrom() too: their answers to another's enquiry go with their own.
    return this.#deleteWhere(
      'lower(btrim(email)) = $1',
      email.trim().toLowerCase(),
      'DELETE FROM messages WHERE lower(btrim("from")) = $1',
    );
  }

  deleteOlderThan(cutoff: Date): Promise<DeletedCounts> {
    return this.#deleteWhere('created_at < $1', cutoff);
  }

  /** Deletes matching enquiries and spam in one transaction (and what `alsoDelete` deletes); their alerts, notes and keys go with them (ON DELETE CASCADE). */
  async #deleteWhere(condition: string, value: unknown, alsoDelete?: string): Promise<DeletedCounts> {
    return inTransaction(this.pool, async (client) => {
      if (alsoDelete !== undefined) await client.query(alsoDelete, [value]);
      const enquiries = await client.query(`DELETE FROM enquiries WHERE ${condition}`, [value]);
      const spam = await client.query(`DELETE FROM spam WHERE ${condition}`, [value]);
      return { enquiries: enquiries.rowCount ?? 0, spam: spam.rowCount ?? 0 };
    });
  }

  listEnquiries(query: EnquiryQuery): Promise<EnquiryPage> {
    return listEnquiries(this.pool, query);
  }

  countNewBefore(cutoff: Date): Promise<number> {
    return workflow.countNewBefore(this.pool, cutoff);
  }

  recordsByEmail(email: string): Promise<StoreRecords & { notes: NoteRecord[]; messages: MessageRecord[] }> {
    return workflow.recordsByEmail(this.pool, email);
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

  heldUsage(): Promise<HeldUsage> {
    return review.heldUsage(this.pool);
  }

  deleteHeldBefore(cutoff: Date): Promise<number> {
    return review.deleteHeldBefore(this.pool, cutoff);
  }

  tally(name: TallyName, now: Date, example?: string): Promise<void> {
    return review.tally(this.pool, name, now, example);
  }
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
  /** Queue an acknowledgement to the visitor with each accepted enquiry, at most one per address a day. */
  acknowledge?: boolean;
  /** AUDIT_KEY, which keys the audit chain; absent or null: entries are unkeyed, as before a deployment had one. */
  auditKey?: string | null;
  /** Where new records' ids come from (default randomUUID): tests give ids whose references collide. */
  newId?: () => string;
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
  return new PostgresStore(
    pool,
    options.alertChannels ?? [],
    secret,
    options.claimMs,
    options.acknowledge,
    options.auditKey ?? null,
    options.newId,
  );
}
