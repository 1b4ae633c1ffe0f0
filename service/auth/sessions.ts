/**
 * Staff sessions, kept in the store so that every instance knows them and
 * sign-out ends one for good. The cookie carries 32 random bytes; the store
 * keeps only their SHA-256, so a copy of the store (a backup, a dump) signs
 * no one in. A session ends after 30 minutes without a request or 12 hours
 * after sign-in, whichever comes first; every sign-in gets a new one, so an
 * id planted before sign-in is worth nothing after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { INBOX_API } from '../../contract/inbox';
import type { SessionRecord } from '../records';
import type { InboxStore } from '../store-interface';
import { deleteExpiredSessions, touchSession } from './staff-records';

export const SESSION_COOKIE = 'inbox-session';
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** lastSeenAt is written at most this often: a page polling the list does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** How often expired sessions are swept from the store (on a request's way through). */
const PURGE_INTERVAL_MS = 10 * 60_000;
const TOKEN_BYTES = 32;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * HttpOnly: no script reads it. SameSite=Strict: no other site's page sends
 * it. Secure whenever the request came over TLS, directly or through a
 * trusted proxy (ctx.secure: see middleware/trusted-proxies.ts). Path: only
 * the inbox's calls carry it.
 */
function cookieOptions(ctx: Context) {
  return { httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: INBOX_API, overwrite: true } as const;
}

function isExpired(session: SessionRecord, now: Date): boolean {
  return (
    now.getTime() - Date.parse(session.lastSeenAt) >= IDLE_TIMEOUT_MS ||
    now.getTime() - Date.parse(session.createdAt) >= ABSOLUTE_TIMEOUT_MS
  );
}

export interface Sessions {
  /** A new session for `userId` in its cookie; the one the request carried, if any, ends. */
  start(ctx: Context, fields: Pick<SessionRecord, 'userId' | 'stage' | 'pendingTotpSecret'>): Promise<SessionRecord>;
  /** The request's session while it is valid (kept alive by this request); else null, and the cookie is cleared. */
  current(ctx: Context): Promise<SessionRecord | null>;
  /** Ends the request's session on the server and clears its cookie. */
  end(ctx: Context): Promise<void>;
  clearCookie(ctx: Context): void;
}

export function createSessions(store: InboxStore): Sessions {
  let lastPurge = 0;

  async function purgeNowAndThen(now: Date) {
    if (now.getTime() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now.getTime();
    await deleteExpiredSessions(store, new Date(now.getTime() - IDLE_TIMEOUT_MS), new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS));
  }

  function clearCookie(ctx: Context) {
    ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx));
  }

  function idFromCookie(ctx: Context): string | null {
    const token = ctx.cookies.get(SESSION_COOKIE);
    return token ? sessionIdOf(token) : null;
  }

  return {
    async start(ctx, fields) {
      const previous = idFromCookie(ctx);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const now = new Date().toISOString();
      const session: SessionRecord = { id: sessionIdOf(token), ...fields, createdAt: now, lastSeenAt: now };
      await store.atomically(async (tx) => {
        if (previous !== null) await tx.delete('sessions', previous);
        await tx.put('sessions', session);
      });
      ctx.cookies.set(SESSION_COOKIE, token, cookieOptions(ctx));
      return session;
    },

    async current(ctx) {
      const now = new Date();
      await purgeNowAndThen(now);
      const id = idFromCookie(ctx);
      const session = id === null ? null : await store.get('sessions', id);
      if (session === null || isExpired(session, now)) {
        if (session !== null) await store.atomically((tx) => tx.delete('sessions', session.id));
        if (id !== null) clearCookie(ctx);
        return null;
      }
      if (now.getTime() - Date.parse(session.lastSeenAt) < TOUCH_INTERVAL_MS) return session;
      const touched = { ...session, lastSeenAt: now.toISOString() };
      // Only where it still is: a sign-out since it was read must not be undone by this request.
      await touchSession(store, session.id, touched.lastSeenAt);
      return touched;
    },

    async end(ctx) {
      const id = idFromCookie(ctx);
      if (id !== null) await store.atomically((tx) => tx.delete('sessions', id));
      clearCookie(ctx);
    },

    clearCookie,
  };
}
