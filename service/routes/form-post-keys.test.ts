import { describe, expect, it } from 'vitest';
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
    expect(later).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives different enquiries different keys', () => {
    const keys = createFormPostKeys();
    const first = keys.keyFor(validSubmission());
    expect(keys.keyFor(validSubmission({ message: 'Another question' }))).not.toBe(first);
    expect(keys.keyFor(validSubmission({ email: 'AISYAH@example.com' }))).not.toBe(first);
    expect(keys.keyFor(validSubmission({ website: 'https://spam.example' }))).not.toBe(first);
  });
});
