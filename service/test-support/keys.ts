/**
 * AUDIT_KEY and TOTP_KEY for the service processes tests start (and the CLI
 * beside them): a live deployment's settings, so that a restart on a store
 * that has an audit log or a two-factor secret starts as it would there.
 */
export const TEST_KEYS = {
  AUDIT_KEY: 'test-audit-key-not-for-production-0123456789',
  TOTP_KEY: 'test-totp-key-not-for-production-0123456789',
} as const;
