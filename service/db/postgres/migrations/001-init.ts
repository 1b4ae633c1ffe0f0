/**
 * Version 1: the tables of the lowdb store, with its rules as constraints.
 * `position` keeps the order records arrived in (records() lists them oldest
 * first, as lowdb's arrays do, even when two share a createdAt).
 */
export const INIT_SQL = `
CREATE TABLE enquiries (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  service text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  idempotency_key uuid UNIQUE,
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$')
);
CREATE INDEX enquiries_created_at ON enquiries (created_at);
CREATE INDEX enquiries_email ON enquiries (lower(email));

-- Honeypot catches, apart from the enquiries: nothing that reads enquiries sees them.
CREATE TABLE spam (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  service text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  idempotency_key uuid UNIQUE,
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  website text NOT NULL CHECK (website <> '')
);
CREATE INDEX spam_created_at ON spam (created_at);
CREATE INDEX spam_email ON spam (lower(email));

-- One Idempotency-Key, one submission, whether it was stored as an enquiry or as spam:
-- the primary key is the rule, across both tables and every instance. A key goes with its record.
CREATE TABLE idempotency_keys (
  key uuid PRIMARY KEY,
  enquiry_id uuid UNIQUE REFERENCES enquiries (id) ON DELETE CASCADE,
  spam_id uuid UNIQUE REFERENCES spam (id) ON DELETE CASCADE,
  CHECK (num_nonnulls(enquiry_id, spam_id) = 1)
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
  created_at timestamptz NOT NULL
);
-- "Ann" and "ann" are one username.
CREATE UNIQUE INDEX users_username ON users (lower(username));

-- An enquiry's alerts go with it (retention, delete --email).
CREATE TABLE alerts (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,
  -- Taken by one instance's sender until then; past it, another instance may take it
  -- (the first one died mid-send).
  claimed_until timestamptz
);
CREATE INDEX alerts_enquiry ON alerts (enquiry_id);
CREATE INDEX alerts_pending ON alerts (position) WHERE status = 'pending';

-- rate-limiter-flexible's RateLimiterPostgres table (its own CREATE statement), made here
-- so that no instance creates it at run time.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
`;
