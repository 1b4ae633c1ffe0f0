/**
 * The lowdb store keeps every record in memory, and an alert repeats strings
 * that are already there: its enquiry's id and creation time, and for a sent
 * alert the time of its last attempt, which is its sending. JSON.parse makes
 * a new string of each (56 bytes for an id, 40 for a time), so a sent alert
 * read from the files carries 136 bytes of copies, over a third of its
 * weight. Pointing them at one string each is invisible to every reader.
 */
import type { EnquiryRecord, StoreData } from './schema';

/** Runs once on the data just read, before the store is in use: records never change in place after. */
export function shareAlertStrings({ enquiries, alerts }: StoreData): void {
  const enquiryOf = enquiryFinder(enquiries);
  for (const alert of alerts) {
    const enquiry = enquiryOf(alert.enquiryId);
    if (enquiry) {
      alert.enquiryId = enquiry.id;
      if (alert.createdAt === enquiry.createdAt) alert.createdAt = enquiry.createdAt;
    }
    if (alert.nextAttemptAt === alert.createdAt) alert.nextAttemptAt = alert.createdAt;
    if (alert.lastAttemptAt !== null && alert.lastAttemptAt === alert.sentAt) alert.lastAttemptAt = alert.sentAt;
  }
}

/**
 * Alerts are appended with their enquiry and deleted with it, so both lists
 * are in one order and a walk forward finds each enquiry without hashing
 * 100,000 ids. Once an alert is out of that order (a file put together by
 * other means), every later one is looked up by id instead.
 */
export function enquiryFinder(enquiries: readonly EnquiryRecord[]): (id: string) => EnquiryRecord | undefined {
  let cursor = 0;
  let byId: Map<string, EnquiryRecord> | null = null;
  return (id) => {
    if (byId === null) {
      while (cursor < enquiries.length && enquiries[cursor]!.id !== id) cursor += 1;
      if (cursor < enquiries.length) return enquiries[cursor];
      byId = new Map(enquiries.map((enquiry) => [enquiry.id, enquiry]));
    }
    return byId.get(id);
  };
}
