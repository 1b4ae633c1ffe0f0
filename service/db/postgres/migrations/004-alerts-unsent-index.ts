/**
 * Version 4: the health details count the alerts not yet sent, per channel
 * and status, with the oldest's age. Sent alerts pile up for as long as their
 * enquiries are kept; this partial index holds only the others, so the count
 * reads a few index entries instead of scanning the whole table. Its
 * predicate is the query's own (alert-queue.ts alertSummary), or the planner
 * would not use it.
 */
export const ALERTS_UNSENT_INDEX_SQL = `
CREATE INDEX alerts_unsent ON alerts (channel, status, created_at) WHERE status <> 'sent';
`;
