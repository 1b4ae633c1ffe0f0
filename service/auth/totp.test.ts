import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, otpauthUri } from './totp';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890". */
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;

describe('TOTP', () => {
  it('matches RFC 6238’s test vectors (SHA-1, last six digits)', () => {
    // The RFC lists eight digits: 94287082 at 59 s, 07081804 at 1111111109 s.
    expect(acceptedStep(RFC_SECRET, '287082', null, new Date(59_000))).toBe(1);
    expect(acceptedStep(RFC_SECRET, '081804', null, new Date(1_111_111_109_000))).toBe(37_037_036);
  });

  it('takes the step either side, not two away', () => {
    const secret = newTotpSecret();
    const step = 60_000_000;
    const codeAt = (at: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at * 30_000 });
    const now = new Date(step * 30_000 + 15_000);
    expect(acceptedStep(secret, codeAt(step - 1), null, now)).toBe(step - 1);
    expect(acceptedStep(secret, codeAt(step + 1), null, now)).toBe(step + 1);
    expect(acceptedStep(secret, `${codeAt(step).slice(0, 3)} ${codeAt(step).slice(3)}`, null, now)).toBe(step);
    expect(acceptedStep(secret, codeAt(step - 2), null, now)).toBeNull();
    expect(acceptedStep(secret, codeAt(step + 2), null, now)).toBeNull();
  });

  it('takes a code only for a step after the last one accepted', () => {
    const secret = newTotpSecret();
    const step = 60_000_000;
    const now = new Date(step * 30_000);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() });
    expect(acceptedStep(secret, code, step - 1, now)).toBe(step);
    expect(acceptedStep(secret, code, step, now)).toBeNull();
    expect(acceptedStep(secret, code, step + 1, now)).toBeNull();
    expect(acceptedStep(secret, 'abcdef', null, now)).toBeNull();
  });

  it('makes 160-bit keys and an otpauth URI with the issuer and the username', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUri(secret, 'nurul')).toBe(
      `otpauth://totp/Teratai%20Wealth:nurul?issuer=Teratai%20Wealth&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
