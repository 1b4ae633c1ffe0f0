/**
 * The enquiry store: lowdb over our journal adapter, plus the rules that
 * belong to the data (idempotency keys, spam kept apart, unique usernames).
 * openStore() takes the file's lock; close() flushes and releases it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { ContactSubmission } from '../contract/contact';
import { JournalFile, StoreUnavailableError } from './db/journal-file';
import { acquireLock } from './db/lock-file';
import { emptyStoreData, type EnquiryRecord, type SpamRecord, type StoreData, type UserRecord } from './db/schema';
import { storeFilesFor } from './db/store-files';
import { hashPassword } from './passwords';

export { StoreUnavailableError };
export type { EnquiryRecord, SpamRecord, UserRecord };

export type SubmitResult =
  | { outcome: 'created' | 'replayed'; record: EnquiryRecord | SpamRecord }
  /** The idempotency key was used before for a different enquiry. */
  | { outcome: 'conflict' };

export interface Store {
  /** Stores a validated submission (as spam when the honeypot is filled); resolves once it is on disk. */
  submitEnquiry(submission: ContactSubmission, idempotencyKey?: string): Promise<SubmitResult>;
  enquiries(): readonly EnquiryRecord[];
  spam(): readonly SpamRecord[];
  /** Removes every enquiry and spam record with this address (case-insensitive), then compacts. */
  deleteByEmail(email: string): Promise<{ enquiries: number; spam: number }>;
  addUser(username: string, password: string): Promise<UserRecord>;
  /** Finishes queued writes, closes the files and releases the lock. */
  close(): Promise<void>;
}

export class UserInputError extends Error {
  override name = 'UserInputError';
}

const USERNAME = /^[A-Za-z0-9._-]{3,64}$/;
const PASSWORD_MIN_LENGTH = 12;

/** Same fields, same fingerprint: what "the same body" means for a replayed key. */
function fingerprintOf(submission: ContactSubmission): string {
  const { firstName, lastName, email, phone, service, message, website = '' } = submission;
  const fields = [firstName, lastName, email, phone, service, message, website];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

class LowStore implements Store {
  readonly #byKey = new Map<string, EnquiryRecord | SpamRecord>();
  /** Writes not yet on disk, by idempotency key, so that a concurrent replay waits for the first. */
  readonly #pending = new Map<string, Promise<void>>();
  #closing: Promise<void> | null = null;

  constructor(
    private readonly db: Low<StoreData>,
    private readonly adapter: JournalFile,
    private readonly releaseLock: () => Promise<void>,
  ) {
    this.#indexKeys();
  }

  async submitEnquiry(submission: ContactSubmission, idempotencyKey?: string): Promise<SubmitResult> {
    const fingerprint = fingerprintOf(submission);
    const existing = idempotencyKey === undefined ? undefined : this.#byKey.get(idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { outcome: 'conflict' };
      await this.#pending.get(idempotencyKey!);
      return { outcome: 'replayed', record: existing };
    }

    const { website = '', ...fields } = submission;
    const base: EnquiryRecord = {
      id: randomUUID(),
      ...fields,
      createdAt: new Date().toISOString(),
      idempotencyKey: idempotencyKey ?? null,
      fingerprint,
    };
    // The honeypot field exists only on spam records: a real enquiry never stores it.
    const record: EnquiryRecord | SpamRecord = website === '' ? base : { ...base, website };
    if ('website' in record) this.db.data.spam.push(record);
    else this.db.data.enquiries.push(record);
    const written = this.db.write();
    if (idempotencyKey === undefined) {
      await written;
      return { outcome: 'created', record };
    }

    this.#byKey.set(idempotencyKey, record);
    this.#pending.set(idempotencyKey, written);
    try {
      await written;
    } catch (error) {
      // Not on disk: a retry with this key must try again, not be told it succeeded.
      this.#byKey.delete(idempotencyKey);
      throw error;
    } finally {
      this.#pending.delete(idempotencyKey);
    }
    return { outcome: 'created', record };
  }

  enquiries(): readonly EnquiryRecord[] {
    return this.db.data.enquiries;
  }

  spam(): readonly SpamRecord[] {
    return this.db.data.spam;
  }

  async deleteByEmail(email: string): Promise<{ enquiries: number; spam: number }> {
    const { enquiries, spam } = this.db.data;
    const keptEnquiries = enquiries.filter((record) => !sameEmail(record.email, email));
    const keptSpam = spam.filter((record) => !sameEmail(record.email, email));
    const removed = { enquiries: enquiries.length - keptEnquiries.length, spam: spam.length - keptSpam.length };
    if (removed.enquiries + removed.spam === 0) return removed;
    this.db.data.enquiries = keptEnquiries;
    this.db.data.spam = keptSpam;
    this.#indexKeys();
    // Not an append, so the adapter writes a new snapshot (compaction).
    await this.db.write();
    return removed;
  }

  async addUser(username: string, password: string): Promise<UserRecord> {
    const name = username.trim();
    if (!USERNAME.test(name)) {
      throw new UserInputError('A username is 3 to 64 letters, digits, dots, dashes or underscores.');
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw new UserInputError(`A password has at least ${PASSWORD_MIN_LENGTH} characters.`);
    }
    const passwordHash = await hashPassword(password);
    // Checked after the await: another addUser may have taken the name meanwhile.
    if (this.db.data.users.some((user) => user.username.toLowerCase() === name.toLowerCase())) {
      throw new UserInputError(`The username ${name} is taken.`);
    }
    const user: UserRecord = { id: randomUUID(), username: name, passwordHash, createdAt: new Date().toISOString() };
    this.db.data.users.push(user);
    await this.db.write();
    return user;
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        await this.adapter.close();
      } finally {
        await this.releaseLock();
      }
    })();
    return this.#closing;
  }

  #indexKeys(): void {
    this.#byKey.clear();
    for (const records of [this.db.data.enquiries, this.db.data.spam]) {
      for (const record of records) {
        if (record.idempotencyKey !== null) this.#byKey.set(record.idempotencyKey, record);
      }
    }
  }
}

/**
 * Opens (and creates) the store at `dbFile`: takes the lock, reads and checks
 * the files, compacts them. Throws LockHeldError, or StoreFileError for a file
 * it cannot use, which it then leaves exactly as it found it.
 */
export async function openStore(dbFile: string): Promise<Store> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  const files = storeFilesFor(dbFile);
  const releaseLock = await acquireLock(files.lock);
  try {
    const adapter = new JournalFile(files);
    const db = new Low<StoreData>(adapter, emptyStoreData());
    await db.read();
    await adapter.open(db.data);
    return new LowStore(db, adapter, releaseLock);
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
