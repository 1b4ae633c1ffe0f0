import { describe, expect, it } from 'vitest';
import type { ContactSubmission } from '../../../contract/contact';
import { createSubmissionKeys, randomUuid } from './submission-key';

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

describe('randomUuid', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  type Source = NonNullable<Parameters<typeof randomUuid>[0]>;
  // A plain-http page: getRandomValues only, no randomUUID.
  const insecureContext: Source = { getRandomValues: (array) => crypto.getRandomValues(array) };
  /** A source whose every random byte is `byte`. */
  const constantBytes = (byte: number): Source => ({
    getRandomValues: (array) => {
      new Uint8Array(array.buffer).fill(byte);
      return array;
    },
  });

  it('uses crypto.randomUUID where the browser has it', () => {
    expect(randomUuid({ ...constantBytes(0), randomUUID: () => 'from-randomUUID' })).toBe('from-randomUUID');
  });

  it('builds a version 4 UUID from getRandomValues where randomUUID is missing', () => {
    expect(randomUuid(insecureContext)).toMatch(V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    expect(randomUuid(constantBytes(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomUuid(constantBytes(0))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('gives unique keys without randomUUID', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => randomUuid(insecureContext)));
    expect(keys.size).toBe(10_000);
  });
});
