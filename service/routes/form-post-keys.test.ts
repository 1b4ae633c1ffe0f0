import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '../../contract/contact';
import { validSubmission } from '../test-support/fixtures';
import { createFormPostKeys, DOUBLE_SUBMIT_WINDOW_MS } from './form-post-keys';

const SECRET = randomBytes(32);
const secret = (bytes: Buffer = SECRET) => ({ secret: async () => bytes });
const CLIENT = '203.0.113.7';

describe('createFormPostKeys', () => {
  it('gives the same enquiry the same key within the window, and a new one after it', async () => {
    let clock = 0;
    const keys = createFormPostKeys({ ...secret(), now: () => clock });
    const first = await keys.keyFor(validSubmission(), CLIENT);
    clock = DOUBLE_SUBMIT_WINDOW_MS - 1;
    expect(await keys.keyFor(validSubmission(), CLIENT)).toBe(first);
    clock = DOUBLE_SUBMIT_WINDOW_MS;
    const later = await keys.keyFor(validSubmission(), CLIENT);
    expect(later).not.toBe(first);
  });

  it('gives version 8 UUIDs, which no client may send as its own key', async () => {
    const key = await createFormPostKeys(secret()).keyFor(validSubmission(), CLIENT);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
  });

  it('on one instance, keeps the first key for the whole window though the post crosses a period’s edge', async () => {
    let clock = DOUBLE_SUBMIT_WINDOW_MS - 1_000;
    const keys = createFormPostKeys({ ...secret(), now: () => clock });
    const first = await keys.keyFor(validSubmission(), CLIENT);
    clock = DOUBLE_SUBMIT_WINDOW_MS + 1_000;
    expect(await keys.keyFor(validSubmission(), CLIENT)).toBe(first);
  });

  it('gives another instance, or a restarted one, the same key for the same enquiry in the same period', async () => {
    let clock = 3 * DOUBLE_SUBMIT_WINDOW_MS + 5_000;
    const first = await createFormPostKeys({ ...secret(), now: () => clock }).keyFor(validSubmission(), CLIENT);
    clock += 60_000;
    expect(await createFormPostKeys({ ...secret(Buffer.from(SECRET)), now: () => clock }).keyFor(validSubmission(), CLIENT)).toBe(first);
  });

  it('gives another deployment, with its own secret, another key: without the secret the key cannot be foretold', async () => {
    const now = () => 5 * DOUBLE_SUBMIT_WINDOW_MS;
    const ours = await createFormPostKeys({ ...secret(), now }).keyFor(validSubmission(), CLIENT);
    const theirs = await createFormPostKeys({ ...secret(randomBytes(32)), now }).keyFor(validSubmission(), CLIENT);
    expect(theirs).not.toBe(ours);
  });

  it('gives different enquiries different keys', async () => {
    const keys = createFormPostKeys(secret());
    const first = await keys.keyFor(validSubmission(), CLIENT);
    expect(await keys.keyFor(validSubmission({ message: 'Another question' }), CLIENT)).not.toBe(first);
    expect(await keys.keyFor(validSubmission({ email: 'AISYAH@example.com' }), CLIENT)).not.toBe(first);
    expect(await keys.keyFor(validSubmission({ website: 'https://spam.example' }), CLIENT)).not.toBe(first);
  });

  it('gives the same words from another client another key: nobody learns from a replay that a visitor sent them', async () => {
    const keys = createFormPostKeys(secret());
    const visitor = await keys.keyFor(validSubmission(), CLIENT);
    expect(await keys.keyFor(validSubmission(), '2001:db8:1:2::/64')).not.toBe(visitor);
    expect(await createFormPostKeys(secret()).keyFor(validSubmission(), '198.51.100.9')).not.toBe(visitor);
  });
});
