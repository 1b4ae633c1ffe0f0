/**
 * Who may read the health details: a client that sends the health token, or,
 * when no token is configured, a client on this machine.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4'); // all of 127/8, and ::ffff:127.x.y.z, is this machine
LOOPBACK.addAddress('::1', 'ipv6');

export function isLoopback(ip: string): boolean {
  return LOOPBACK.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. The digests are
 * compared, so the time taken says nothing about the token, not even its length.
 */
export function carriesBearer(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
