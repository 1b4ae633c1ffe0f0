import { describe, expect, it } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert, retryDelayMs } from './alert-records';

const ENQUIRY_ID = '0b6f6c0e-2f9a-4a53-9d55-8d4f0c1d2b7e';

describe('retryDelayMs', () => {
  it('brings the first retry within 30 seconds, then doubles up to the cap, with jitter', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(retryDelayMs(1, policy, () => 1)).toBeLessThanOrEqual(30_000);
    expect(retryDelayMs(1, policy, () => 0)).toBeGreaterThan(0);
    expect(retryDelayMs(2, policy, () => 1)).toBe(2 * retryDelayMs(1, policy, () => 1));
    expect(retryDelayMs(30, policy, () => 1)).toBe(policy.maxDelayMs);
    expect(retryDelayMs(30, policy, () => 0)).toBe(policy.maxDelayMs / 2);
  });
});

describe('afterAttempt', () => {
  const created = new Date('2026-01-05T01:00:00Z');
  const alert = newAlert({ id: ENQUIRY_ID, createdAt: created.toISOString() }, 'email');

  it('ends a sent alert', () => {
    const sent = afterAttempt(alert, { kind: 'sent', response: '250 OK' }, created, DEFAULT_RETRY_POLICY);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null, sentAt: created.toISOString() });
  });

  it('keeps a temporary failure pending with its error and the time of the next attempt', () => {
    const next = afterAttempt(alert, { kind: 'temporary', error: 'ECONNREFUSED' }, created, DEFAULT_RETRY_POLICY);
    expect(next).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ECONNREFUSED' });
    const waitMs = Date.parse(next.nextAttemptAt!) - created.getTime();
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs).toBeLessThanOrEqual(30_000);
  });

  it('fails a permanent refusal at once', () => {
    const failed = afterAttempt(alert, { kind: 'permanent', error: '550 no such user' }, created, DEFAULT_RETRY_POLICY);
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null, lastError: '550 no such user' });
  });

  it('retries for at least 24 hours, then fails', () => {
    const dayLater = new Date(created.getTime() + 24 * 3_600_000);
    expect(afterAttempt(alert, { kind: 'temporary', error: 'down' }, dayLater, DEFAULT_RETRY_POLICY).status).toBe('pending');
    const windowEnd = new Date(created.getTime() + DEFAULT_RETRY_POLICY.windowMs);
    const last = afterAttempt({ ...alert, attempts: 40 }, { kind: 'temporary', error: 'down' }, windowEnd, DEFAULT_RETRY_POLICY);
    expect(last).toMatchObject({ status: 'failed', lastError: 'down (gave up after 41 attempts)' });
  });
});
