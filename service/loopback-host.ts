/**
 * Whether a URL's host is this machine by its name alone (`localhost`, an
 * address in 127.0.0.0/8, `::1`, or 127.0.0.0/8 written as IPv6). A name that
 * only resolves to loopback counts as remote: what DNS says can change.
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4'); // also matches its IPv4-mapped IPv6 form
LOOPBACK.addAddress('::1', 'ipv6');

/** An IP address (a socket's peer, ctx.ip) in 127.0.0.0/8 or ::1; false for anything that is not an address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** `hostname` as URL gives it: an IPv6 address in brackets. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
