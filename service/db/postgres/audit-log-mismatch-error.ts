/**
 * A copy of the audit log (migrate --to) that does not extend the one the
 * database keeps. Apart from audit-log.ts so that the CLI can tell it without
 * loading pg before it opens a database.
 */
export class AuditLogMismatchError extends Error {
  override name = 'AuditLogMismatchError';
}
