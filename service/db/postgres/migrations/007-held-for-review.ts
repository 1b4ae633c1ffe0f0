/**
 * Version 7: held for review instead of stored in full.
 * - A held record keeps why it was held; those held before reasons were are
 *   honeypot catches. Only those still have the honeypot's field.
 * - daily_tallies: per UTC day and name, what was counted instead of stored
 *   (with a few short examples), the held records dropped past the limit, and
 *   the once-a-day notices, whose row is claimed by one instance (the primary
 *   key is the rule).
 */
export const HELD_FOR_REVIEW_SQL = `
ALTER TABLE spam ALTER COLUMN website DROP NOT NULL;
ALTER TABLE spam ADD COLUMN reason text NOT NULL DEFAULT 'honeypot' CHECK (reason <> '');

CREATE TABLE daily_tallies (
  day date NOT NULL,
  name text NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  examples text[] NOT NULL DEFAULT '{}' CHECK (cardinality(examples) <= 5),
  PRIMARY KEY (day, name)
);
`;
