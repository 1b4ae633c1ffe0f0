/**
 * Guessing as a load: thousands of sign-ins with names nobody has, from many
 * addresses, each inside its own limit. The password checks they may cause
 * are capped by a budget for the whole process (past it, the generic refusal
 * without hashing), an IPv6 site is counted by its /48, and each refusal is a
 * count of the day rather than an audit entry kept for years; meanwhile the
 * site answers.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESS_ATTEMPTS } from '../../auth/sign-in-limits';
import { BURST_WINDOW_S, VERIFY_BURST, VERIFY_PER_SECOND } from '../../auth/verify-budget';
import { validEnquiry } from '../../test-support/fixtures';
import { useInboxOnStores } from '../../test-support/inbox-stores';
import { requestFrom, type Answer } from '../../test-support/loopback-clients';
import { countingBudget, IPV6_SIGN_INS, unknownSignIn } from '../../test-support/sign-in-flood';
import { talliesSince } from '../../store-rules';
import { auditLog } from '../../audit-append';

const backends = useInboxOnStores();
const SIGN_INS = 2_000;
const IN_FLIGHT = 40;
const SAMPLES = 5;
/** Two thousand sign-ins take about 10 s alone; two loaded cores shared with other files have taken 30. */
const FLOOD_TIMEOUT_MS = 90_000;
/**
 * That the site still answers during the flood, not how fast: on two shared
 * cores a timed limit fails by luck. The figure (a median under 200 ms, with
 * the budget and without it side by side) is measured by
 * `npm run bench:sign-in-flood`; the budget's own effect is the count of
 * password checks below.
 */
const ANSWER_MS = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(backends)('sign-ins with unknown names as a flood, on $name', (backend) => {
  it(
    'costs at most the budget in password checks, is counted by day and not in the audit chain, and the site still answers',
    async () => {
      const { budget, granted } = countingBudget();
      const inbox = await backend.start({ trustProxy: true, trustedProxies: ['127.0.0.1'], verifyBudget: budget });
      const started = performance.now();
      const answers: Answer[] = [];
      let next = 0;
      const flood = Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < SIGN_INS) answers.push(await unknownSignIn(inbox.server.url, next++));
        }),
      );

      // While it runs, a visitor's health check and enquiry, a few times each.
      const health: number[] = [];
      const contact: number[] = [];
      for (let sample = 0; sample < SAMPLES; sample++) {
        const checked = await requestFrom(inbox.server.url, { from: '127.0.0.250', path: '/api/health' });
        expect(checked.status).toBe(200);
        health.push(checked.ms);
        const posted = await requestFrom(inbox.server.url, {
          from: `127.0.0.${240 + sample}`,
          method: 'POST',
          path: '/api/contact',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validEnquiry({ message: `A real enquiry while the sign-in is flooded, number ${sample}.` })),
        });
        expect(posted.status).toBe(201);
        contact.push(posted.ms);
      }
      await flood;
      const seconds = (performance.now() - started) / 1000;

      expect(answers).toHaveLength(SIGN_INS);
      const refused = answers.filter((answer) => answer.status === 401);
      const limited = answers.filter((answer) => answer.status === 429);
      expect(refused.length + limited.length).toBe(SIGN_INS);
      for (const answer of refused) expect(JSON.parse(answer.body)).toEqual({ error: 'Wrong username, password or code.' });
      // The /48 is one client: its /64s share ADDRESS_ATTEMPTS.
      expect(limited).toHaveLength(IPV6_SIGN_INS - ADDRESS_ATTEMPTS);

      // No more argon2 verifies than the bucket holds over the flood's duration: its rate per (fixed, so +1) second, and its burst per window.
      const budgeted = VERIFY_PER_SECOND * (Math.ceil(seconds) + 1) + VERIFY_BURST * (Math.ceil(seconds / BURST_WINDOW_S) + 1);
      expect(granted()).toBeLessThanOrEqual(budgeted);
      expect(granted()).toBeLessThan(refused.length);

      expect(median(health)).toBeLessThan(ANSWER_MS);
      expect(median(contact)).toBeLessThan(ANSWER_MS);

      // Each refusal counted for the day; none of them a chained audit entry. Before #30 each was one.
      // Those checked are counted as unknown names, the rest as refused unchecked (the budget was used up).
      const tallies = await talliesSince(inbox.store, '2000-01-01');
      const count = (name: string) => tallies.find((entry) => entry.name === name)?.count ?? 0;
      expect(count('sign-in-unknown-user')).toBe(granted());
      expect(count('sign-in-unchecked')).toBe(refused.length - granted());
      expect((await auditLog(inbox.store)).filter((entry) => entry.action === 'sign-in-failed')).toEqual([]);
    },
    FLOOD_TIMEOUT_MS,
  );
});
