/**
 * Two-factor secrets at rest: AES-256-GCM under a key derived from TOTP_KEY,
 * which lives outside the store, so that a copy of the store (a backup, a
 * dump of the users table) holds no usable second factor. A sealed secret is
 * `sealed:v1:` and the base64url of a fresh 12-byte nonce, the ciphertext and
 * the 16-byte tag; GCM's tag makes a changed one fail to open rather than
 * give a wrong secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** TOTP_KEY may be the same value as AUDIT_KEY: the derived key is this purpose's alone. */
const KEY_PURPOSE = 'teratai-wealth two-factor secrets v1';

export class TotpKeyMismatchError extends Error {
  override name = 'TotpKeyMismatchError';
}

/** The AES-256 key TOTP_KEY stands for. */
export function totpSealKey(totpKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', totpKey, Buffer.alloc(0), KEY_PURPOSE, 32));
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealTotpSecret(secret: string, key: Buffer): string {
  if (isSealed(secret)) return secret;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([nonce, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${sealed.toString('base64url')}`;
}

/** The secret a sealed value holds; one stored before secrets were sealed comes back as it is. Throws TotpKeyMismatchError when `key` does not open it. */
export function openTotpSecret(stored: string, key: Buffer): string {
  if (!isSealed(stored)) return stored;
  const sealed = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new TotpKeyMismatchError(
      'A stored two-factor secret cannot be opened with TOTP_KEY: it was sealed under another key, or changed.',
      {
        cause: error,
      },
    );
  }
}
