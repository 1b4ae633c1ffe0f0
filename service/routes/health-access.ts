/**
 * The health token's check: the details go to a client that sends it (or,
 * when no token is configured, to a client on this machine: health.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. The digests are
 * compared, so the time taken says nothing about the token, not even its length.
 */
export function carriesBearer(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
