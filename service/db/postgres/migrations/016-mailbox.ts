/**
 * Version 16: the visitors' answers read back from the firm's mailbox (#33,
 * service/mailbox/).
 * - mailbox_cursors: per mailbox, the folder's UIDVALIDITY and the last UID
 *   read, the messages given up on, and the lease that lets one instance
 *   read at a time (holder, held_until).
 * - Enquiries gain the status `new-reply`; alerts the kind `answer` (the
 *   staff alert "Reply on TW-XXXXXXXX from ...").
 * - An enquiry's reminder is no longer one per channel ever: each answer
 *   left New reply is reminded of again (mailbox/answer-reminders.ts, under
 *   its lock, as reminders.ts queues the first under its own).
 */
export const MAILBOX_SQL = `
CREATE TABLE mailbox_cursors (
  id text PRIMARY KEY,
  uid_validity text CHECK (uid_validity ~ '^[0-9]+$'),
  last_uid bigint NOT NULL CHECK (last_uid >= 0),
  holder text,
  held_until timestamptz,
  skipped integer NOT NULL CHECK (skipped >= 0),
  failing_uid bigint,
  failed_tries integer NOT NULL CHECK (failed_tries >= 0),
  updated_at timestamptz NOT NULL
);

ALTER TABLE enquiries DROP CONSTRAINT enquiries_status_check;
ALTER TABLE enquiries ADD CONSTRAINT enquiries_status_check CHECK (status IN ('new', 'new-reply', 'replied', 'closed'));

ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN ('enquiry', 'reminder', 'acknowledgement', 'reply', 'answer'));
DROP INDEX alerts_one_reminder;
`;
