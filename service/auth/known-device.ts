/**
 * OWASP's device cookies: a browser that signed in to an account gets a
 * signed cookie naming that account, and is then not held back by what
 * strangers do to it (their guesses slow the account down and may use up the
 * address limits and the password-check budget; see sign-in-limits.ts). The
 * cookie is HMAC-SHA256 over the user's id, a random nonce and the time it
 * was given, keyed by a key derived from the deployment secret, so every
 * instance checks it and nobody can make one. A stolen cookie only spares its
 * holder the slowing down, never a factor: its own guesses are counted under
 * its nonce (sign-in-limits.ts), and past that it counts for nothing.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { INBOX_API } from '../../contract/inbox';

export const DEVICE_COOKIE = 'inbox-device';
/** How long a browser stays known after its last sign-in. */
const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60_000;
const NONCE_BYTES = 16;

/** A browser the signed cookie names as having signed in to `userId`. */
export interface KnownDevice {
  userId: string;
  /** The cookie's random part: what its own guesses are counted under. */
  nonce: string;
}

export interface KnownDevices {
  /** The device the request's cookie names, when its signature is right and it has not expired; else null. */
  recognise(ctx: Context): Promise<KnownDevice | null>;
  /** After a full sign-in: (re)names this browser as one that signed in to `userId`. */
  remember(ctx: Context, userId: string): Promise<void>;
}

export function createKnownDevices(deploymentSecret: () => Promise<Buffer>): KnownDevices {
  let key: Promise<Buffer> | null = null;
  const keyOf = () =>
    (key ??= deploymentSecret().then((secret) => Buffer.from(hkdfSync('sha256', secret, '', 'teratai inbox known device', 32))));
  const signature = async (payload: string) =>
    createHmac('sha256', await keyOf())
      .update(payload)
      .digest('base64url');

  return {
    async recognise(ctx) {
      const value = ctx.cookies.get(DEVICE_COOKIE);
      const [userId, nonce, issued, signed, ...rest] = value?.split('.') ?? [];
      if (!userId || !nonce || !issued || !signed || rest.length > 0) return null;
      const expected = Buffer.from(await signature(`${userId}.${nonce}.${issued}`));
      const given = Buffer.from(signed);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (!(Date.now() - Number(issued) < DEVICE_LIFETIME_MS)) return null;
      return { userId, nonce };
    },
    async remember(ctx, userId) {
      const payload = `${userId}.${randomBytes(NONCE_BYTES).toString('base64url')}.${Date.now()}`;
      ctx.cookies.set(DEVICE_COOKIE, `${payload}.${await signature(payload)}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        // Only the sign-in reads it.
        path: `${INBOX_API}/sign-in`,
        maxAge: DEVICE_LIFETIME_MS,
        overwrite: true,
      });
    },
  };
}
