import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '../../contract/contact';
import { validSubmission } from '../test-support/fixtures';
import { createFormPostKeys, DOUBLE_SUBMIT_WINDOW_MS } from './form-post-keys';

describe('createFormPostKeys', () => {
  it('gives the same enquiry the same key within the window, and a new one after it', () => {
    let clock = 0;
    const keys = createFormPostKeys({ now: () => clock });
    const first = keys.keyFor(validSubmission());
    clock = DOUBLE_SUBMIT_WINDOW_MS - 1;
    expect(keys.keyFor(validSubmission())).toBe(first);
    clock = DOUBLE_SUBMIT_WINDOW_MS;
    const later = keys.keyFor(validSubmission());
    expect(later).not.toBe(first);
    for (const key of [first, later]) expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
  });

  it('on one instance, keeps the first key for the whole window though the post crosses a period’s edge', () => {
    let clock = DOUBLE_SUBMIT_WINDOW_MS - 1_000;
    const keys = createFormPostKeys({ now: () => clock });
    const first = keys.keyFor(validSubmission());
    clock = DOUBLE_SUBMIT_WINDOW_MS + 1_000;
    expect(keys.keyFor(validSubmission())).toBe(first);
  });

  it('gives another instance, or a restarted one, the same key for the same enquiry in the same period', () => {
    let clock = 3 * DOUBLE_SUBMIT_WINDOW_MS + 5_000;
    const first = createFormPostKeys({ now: () => clock }).keyFor(validSubmission());
    clock += 60_000;
    expect(createFormPostKeys({ now: () => clock }).keyFor(validSubmission())).toBe(first);
  });

  it('gives different enquiries different keys', () => {
    const keys = createFormPostKeys();
    const first = keys.keyFor(validSubmission());
    expect(keys.keyFor(validSubmission({ message: 'Another question' }))).not.toBe(first);
    expect(keys.keyFor(validSubmission({ email: 'AISYAH@example.com' }))).not.toBe(first);
    expect(keys.keyFor(validSubmission({ website: 'https://spam.example' }))).not.toBe(first);
  });
});
