/**
 * Finding and changing enquiries and held records: rules written once, above
 * the stores, on their records by key (Store.get, find and atomically), and
 * tested against both stores by the contract suites.
 */
import { referencedIdPrefix } from '../contract/reference';
import { RELEASED_FROM_REVIEW } from './alerts/acknowledgement-limits';
import { newAlert } from './alerts/alert-records';
import type { AlertChannel } from './records';
import type { EnquiryChange, EnquiryRecord, RecordReads, SpamRecord, Store } from './store-interface';

/** By id, or by reference (TW-XXXXXXXX, any case): the newest with that reference. */
async function byIdOrReference<Name extends 'enquiries' | 'spam'>(store: RecordReads, collection: Name, idOrReference: string) {
  if (referencedIdPrefix(idOrReference) === null) return store.get(collection, idOrReference);
  return (await store.find(collection, { reference: idOrReference } as never)).at(-1) ?? null;
}

export const findEnquiry = (store: RecordReads, idOrReference: string): Promise<EnquiryRecord | null> =>
  byIdOrReference(store, 'enquiries', idOrReference);

/** A held record, found as findEnquiry finds enquiries. */
export const findSpam = (store: RecordReads, idOrReference: string): Promise<SpamRecord | null> =>
  byIdOrReference(store, 'spam', idOrReference);

/** Applies the change to the enquiry with this id (not a reference); resolves with it as it is now, or null when there is none. */
export function updateEnquiry(
  store: Pick<Store, 'atomically'>,
  id: string,
  { status, assigneeId }: EnquiryChange,
): Promise<EnquiryRecord | null> {
  return store.atomically(async (tx) => {
    const old = await tx.get('enquiries', id);
    if (old === null) return null;
    // Nobody assigned is no assigneeId, as every store reads it back.
    const { assigneeId: oldAssignee, ...rest } = old;
    const assignee = assigneeId === undefined ? oldAssignee : assigneeId;
    const record: EnquiryRecord = { ...rest, ...(status && { status }), ...(assignee != null && { assigneeId: assignee }) };
    await tx.put('enquiries', record);
    return record;
  });
}

/** Deletes a held record (and its idempotency key with it); false when it is not held. */
export const deleteSpam = (store: Store, id: string): Promise<boolean> => store.atomically((tx) => tx.delete('spam', id));

/**
 * Makes a held record an enquiry (same id, time and idempotency key: a replay
 * still finds it) with an alert per channel queued now and the visitor's
 * acknowledgement, in one transaction; null when it is not held (or another
 * instance released or deleted it first).
 */
export function releaseSpam(store: Store, id: string, channels: readonly AlertChannel[]): Promise<EnquiryRecord | null> {
  return store.atomically(async (tx) => {
    const held = await tx.get('spam', id);
    if (held === null) return null;
    const { website: _website, reason: _reason, ...enquiry } = held;
    await tx.delete('spam', id);
    await tx.put('enquiries', enquiry);
    const now = new Date();
    const alerts = channels.map((channel) => newAlert({ id, createdAt: now.toISOString() }, channel));
    await tx.queueAlerts([...alerts, ...(await tx.acknowledgement(enquiry, now, RELEASED_FROM_REVIEW))]);
    return enquiry;
  });
}

/**
 * Whether an enquiry or a held record is stored under this idempotency key:
 * a resend of it needs no new proof of work. Held first: a release meanwhile
 * moves a record from there to the enquiries, never back.
 */
export async function storedUnderKey(store: RecordReads, idempotencyKey: string): Promise<boolean> {
  for (const collection of ['spam', 'enquiries'] as const) {
    if ((await store.find(collection, { idempotencyKey })).length > 0) return true;
  }
  return false;
}

/** Newest first: by time, then by id. */
const newestFirst = (a: SpamRecord, b: SpamRecord) => ((a.createdAt === b.createdAt ? a.id < b.id : a.createdAt < b.createdAt) ? 1 : -1);

/** What is held for review, newest first, at most `limit` records (the queue holds at most HELD_LIMIT). */
export async function heldRecords(store: RecordReads, limit: number): Promise<SpamRecord[]> {
  return (await store.find('spam')).sort(newestFirst).slice(0, limit);
}
