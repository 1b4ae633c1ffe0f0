/**
 * Sign-ins with names nobody has, as a flood sends them: what the flood test
 * (service/routes/inbox/sign-in-flood.test.ts) and its benchmark
 * (scripts/bench-sign-in-flood.ts) both send, and the real verify budget with
 * a count of the password checks it let run.
 */
import { createVerifyBudget, type VerifyBudget } from '../auth/verify-budget';
import { silentLog } from '../log';
import { requestFrom, type Answer } from './loopback-clients';

/** Of the flood, the first this many come through the proxy from /64s of one IPv6 /48; the rest from their own IPv4 loopback address. */
export const IPV6_SIGN_INS = 200;

/** The real budget (its defaults unless given), with a count of the checks it let run: nothing else changed. */
export function countingBudget(options: { perSecond?: number; burst?: number } = {}): { budget: VerifyBudget; granted: () => number } {
  const real = createVerifyBudget({ log: silentLog, ...options });
  let granted = 0;
  return {
    budget: {
      async take() {
        const allowed = await real.take();
        if (allowed) granted += 1;
        return allowed;
      },
    },
    granted: () => granted,
  };
}

/** The `index`-th sign-in of the flood: through the trusted proxy (127.0.0.1) from a /64 of 2001:db8:5::/48, or from 127.1.x.y. */
export function unknownSignIn(url: string, index: number): Promise<Answer> {
  const body = JSON.stringify({ username: `nobody${index}`, password: `guess ${index}`, code: '123456' });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
  if (index < IPV6_SIGN_INS) {
    return requestFrom(url, {
      from: '127.0.0.1',
      method: 'POST',
      path: '/api/inbox/sign-in',
      body,
      headers: { ...headers, 'x-forwarded-for': `2001:db8:5:${index.toString(16)}::7` },
    });
  }
  return requestFrom(url, { from: `127.1.${index >> 8}.${index & 0xff}`, method: 'POST', path: '/api/inbox/sign-in', body, headers });
}
