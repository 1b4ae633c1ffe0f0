/**
 * Version 10: the one-time enrolment code `users add` and `users reset` print
 * (its SHA-256, never the code) and when it, and an enrolment not finished
 * with it, expires. Users made before have neither until `users reset`.
 */
export const ENROLMENT_CODES_SQL = `
ALTER TABLE users ADD COLUMN enrolment_code_hash text, ADD COLUMN enrolment_expires_at timestamptz;
`;
