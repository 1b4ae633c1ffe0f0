/**
 * Which socket peers are proxies of ours (TRUSTED_PROXIES; TRUST_PROXY=true
 * alone: loopback). Only a proxy's X-Forwarded-For, X-Forwarded-Proto and
 * X-Forwarded-Host say anything about the client: from any other peer they
 * are the client's own words, and are dropped before Koa reads them, so that
 * ctx.ip, ctx.protocol, ctx.secure and ctx.host describe the connection itself.
 */
import type { Context, Middleware, Next } from 'koa';
import { BlockList, isIPv6 } from 'node:net';

/** What TRUST_PROXY=true trusts without TRUSTED_PROXIES: a proxy on the same machine. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** What Koa reads when its `proxy` setting is on; Node lower-cases header names. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIPv6(address) ? 'ipv6' : 'ipv4';
}

/** Adds "203.0.113.7", "10.0.0.0/8" or "2001:db8::/32" to `list`; throws when it is none of these. */
function addRange(list: BlockList, range: string): void {
  const [address = '', prefix, ...rest] = range.split('/');
  if (rest.length > 0) throw new Error(`not an address or CIDR range: ${range}`);
  const family = familyOf(address);
  // BlockList checks the address and the prefix itself, and throws on a bad one.
  if (prefix === undefined) list.addAddress(address, family);
  else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), family);
  else throw new Error(`not a CIDR prefix length: ${range}`);
}

/** The entries of a TRUSTED_PROXIES list that are not an address or a CIDR range. */
export function invalidProxyRanges(ranges: readonly string[]): string[] {
  return ranges.filter((range) => {
    try {
      addRange(new BlockList(), range);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * A test for "this peer is one of `ranges`". An IPv4 range also covers the
 * IPv4-mapped IPv6 form (::ffff:127.0.0.1) a dual-stack socket reports.
 */
export function trustedPeers(ranges: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const range of ranges) addRange(list, range);
  return (address) => {
    if (address === undefined) return false; // the socket is already closed
    const bare = address.split('%')[0]!; // a zone id (fe80::1%eth0) names our interface
    return list.check(bare, familyOf(bare));
  };
}

/** First in the pipeline: the forwarded headers stay only on a request that came through a trusted proxy. */
export function forwardedHeadersOnlyFrom(isTrustedProxy: (address: string | undefined) => boolean): Middleware {
  return function dropForwardedHeadersOfClients(ctx: Context, next: Next) {
    if (!isTrustedProxy(ctx.req.socket.remoteAddress)) {
      for (const name of FORWARDED_HEADERS) delete ctx.req.headers[name];
    }
    return next();
  };
}
