/**
 * Version 12: the acknowledgement's limits (../acknowledgements.ts).
 * - acknowledgement_clients: how many acknowledgements each client key had on
 *   a UTC day; earlier days' rows are deleted with the next enquiry.
 * - alerts_acknowledgements: the last day's acknowledgements, found without
 *   reading every alert.
 */
export const ACKNOWLEDGEMENT_LIMITS_SQL = `
CREATE TABLE acknowledgement_clients (
  day date NOT NULL,
  client_key text NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (day, client_key)
);
CREATE INDEX alerts_acknowledgements ON alerts (created_at) WHERE kind = 'acknowledgement';
`;
