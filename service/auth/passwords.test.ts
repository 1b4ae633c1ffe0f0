import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords';

describe('staff passwords', () => {
  it('are stored as argon2id and verified', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('scrypt$1$2$3$x$y', 'correct horse battery')).toBe(false);
    expect(await verifyPassword(await decoyHash(), 'correct horse battery')).toBe(false);
  });

  it('must be long and not common', () => {
    expect(passwordProblem('short one')).toMatch(/at least 12/);
    expect(passwordProblem('1q2w3e4r5t6y')).toMatch(/most common/);
    expect(passwordProblem('QWERTY123456')).toMatch(/most common/);
    expect(passwordProblem('teratai lotus pond 7')).toBeNull();
  });
});
