/**
 * The second factor: TOTP per RFC 6238 (SHA-1, 6 digits, 30 s), the kind
 * every authenticator app reads from a QR code. A code is taken for its own
 * time step or the one either side (a phone's clock a little off), and only
 * for a step later than the last one accepted, so a code seen over someone's
 * shoulder or in a proxy's log cannot be used again.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Teratai Wealth';
const PERIOD_S = 30;
const DIGITS = 6;
const WINDOW_STEPS = 1;
/** 160 bits: the HMAC-SHA-1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

function totpFor(secretBase32: string, username = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new key, as the base32 text shown as "Setup key". */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// address the QR code holds: the key, the issuer and the username. */
export function otpauthUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString();
}

/** Whether `code` looks like an authenticator code (spaces allowed, as some apps show "123 456"). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step `code` belongs to when it is right for `now` and later than
 * `lastStep` (null: none accepted yet); else null.
 */
export function acceptedStep(secretBase32: string, code: string, lastStep: number | null, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!isTotpCode(token)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32).validate({ token, timestamp, window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
  return lastStep === null || step > lastStep ? step : null;
}
