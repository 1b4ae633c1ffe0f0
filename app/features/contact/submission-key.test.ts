import { describe, expect, it } from 'vitest';
import type { ContactSubmission } from '../../../contract/contact';
import { createSubmissionKeys } from './submission-key';

const submission: ContactSubmission = {
  firstName: 'Siti',
  lastName: 'Aminah',
  email: 'siti@example.com',
  phone: '',
  service: '',
  message: 'Hello',
};

function counterKeys() {
  let n = 0;
  return createSubmissionKeys(() => `key-${(n += 1)}`);
}

describe('submission keys', () => {
  it('reuses the key when the same content is retried', () => {
    const keys = counterKeys();
    expect(keys.keyFor(submission)).toBe('key-1');
    expect(keys.keyFor({ ...submission })).toBe('key-1');
  });

  it('makes a new key for new content', () => {
    const keys = counterKeys();
    keys.keyFor(submission);
    expect(keys.keyFor({ ...submission, message: 'Hello again' })).toBe('key-2');
  });

  it('makes a new key after a delivered submission, even for the same content', () => {
    const keys = counterKeys();
    keys.keyFor(submission);
    keys.settle();
    expect(keys.keyFor(submission)).toBe('key-2');
  });
});
