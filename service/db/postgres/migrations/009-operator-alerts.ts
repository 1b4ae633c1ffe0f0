/**
 * Version 9: alerts to the operator that concern no enquiry (the held queue
 * filling up, posts refused), sent by the same outbox as the enquiries'
 * alerts. Each carries its own words; `key` names the notice, and one key is
 * queued once per channel, however many instances try (the unique index is
 * the rule).
 */
export const OPERATOR_ALERTS_SQL = `
CREATE TABLE operator_alerts (
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id uuid PRIMARY KEY,
  key text NOT NULL CHECK (key <> ''),
  channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
  event text NOT NULL CHECK (event <> ''),
  subject text NOT NULL CHECK (subject <> ''),
  text text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,
  claimed_until timestamptz,
  UNIQUE (key, channel)
);
CREATE INDEX operator_alerts_pending ON operator_alerts (position) WHERE status = 'pending';
`;
