/**
 * Version 5: the staff inbox.
 * - Users sign in with an argon2id password and a second factor (TOTP, recovery
 *   codes). No deployment had users before (nothing could add one), so the
 *   scrypt check is simply replaced.
 * - Sessions live here, so that one made by an instance is valid on every other.
 * - Enquiries gain a status and an assignee.
 * - Notes go with their enquiry.
 * - A user's id in sessions, assignees and notes has no foreign key: removing
 *   a user (staff.ts) ends their sessions and unassigns their enquiries in its
 *   own transaction, so that an enquiry of someone who left shows as nobody's,
 *   where a colleague sees it needs taking over; notes keep the id.
 * - The audit log, one hash chain for every instance: audit_chain is its head,
 *   the last entry's number and hash, whose row lock serializes appends. It
 *   outlives the entries retention removes, so the chain goes on from the last
 *   one even when none is kept.
 * - Alerts gain a kind; the partial unique index is what lets several instances
 *   queue reminders at once and still make one per enquiry and channel.
 * - The inbox's list is newest first (created_at desc, id desc), by status or
 *   assignee, paged by keyset: each has a btree that a backward scan reads in
 *   that order, so the first page and any later one read only a page of rows.
 * - Search is ILIKE on ENQUIRY_SEARCH_TEXT. Where pg_trgm can be created
 *   (PostgreSQL's contrib, a trusted extension since version 13), a trigram
 *   index on it serves the search; where it cannot, the migration goes on
 *   without it, and a search reads every enquiry (about 250 ms at 50,000 on
 *   a small machine, against 5 ms for a rare term with the index).
 * - Lookups by address (personal-data requests, delete --email) compare the
 *   trimmed, lower-cased address: the indexes now hold that, not lower(email) alone.
 */
/**
 * What the inbox's search looks in: the first name, the last name, the
 * e-mail, the phone and the message, apart. Names, e-mail and phone refuse
 * control characters, so a term without U+001F found here is found within
 * one of them. enquiry-list.ts queries this very expression, or the index
 * would not serve it.
 */
export const ENQUIRY_SEARCH_TEXT = "(first_name || E'\\x1f' || last_name || E'\\x1f' || email || E'\\x1f' || phone || E'\\x1f' || message)";

export const INBOX_SQL = `
ALTER TABLE users DROP CONSTRAINT users_password_hash_check;
ALTER TABLE users ADD CONSTRAINT users_password_hash_check CHECK (password_hash LIKE '$argon2id$%');
ALTER TABLE users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN recovery_code_hashes text[] NOT NULL DEFAULT '{}'
    CHECK (array_to_string(recovery_code_hashes, ' ') ~ '^([0-9a-f]{64}( |$))*$');

CREATE TABLE sessions (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL,
  stage text NOT NULL CHECK (stage IN ('enrol', 'signed-in')),
  pending_totp_secret text,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

ALTER TABLE enquiries
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'replied', 'closed')),
  ADD COLUMN assignee_id uuid;
DROP INDEX enquiries_created_at;
CREATE INDEX enquiries_listing ON enquiries (created_at, id);
CREATE INDEX enquiries_by_status ON enquiries (status, created_at, id);
CREATE INDEX enquiries_by_assignee ON enquiries (assignee_id, created_at, id);
DROP INDEX enquiries_email;
CREATE INDEX enquiries_email ON enquiries (lower(btrim(email)));
DROP INDEX spam_email;
CREATE INDEX spam_email ON spam (lower(btrim(email)));

CREATE TABLE notes (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  text text NOT NULL CHECK (text <> ''),
  created_at timestamptz NOT NULL
);
CREATE INDEX notes_enquiry ON notes (enquiry_id);

CREATE TABLE audit_log (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  at timestamptz NOT NULL,
  actor text,
  action text NOT NULL,
  reference text,
  detail text,
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX audit_log_reference ON audit_log (reference, seq) WHERE reference IS NOT NULL;

CREATE TABLE audit_chain (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq bigint NOT NULL CHECK (seq >= 0),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
INSERT INTO audit_chain (seq, hash) VALUES (0, repeat('0', 64));

ALTER TABLE alerts ADD COLUMN kind text NOT NULL DEFAULT 'enquiry' CHECK (kind IN ('enquiry', 'reminder'));
CREATE UNIQUE INDEX alerts_one_reminder ON alerts (enquiry_id, channel) WHERE kind = 'reminder';

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX enquiries_search ON enquiries USING gin (${ENQUIRY_SEARCH_TEXT} gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the inbox search scans the enquiries', SQLERRM;
END
$$;
`;
