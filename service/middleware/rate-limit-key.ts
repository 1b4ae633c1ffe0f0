/**
 * The key a client is counted under by the rate limit. An IPv4 address is
 * its own key. An IPv6 client is counted per /64: that is the smallest block
 * a provider hands to one customer, who can use any of its 2^64 addresses,
 * so counting single addresses would not limit anyone. An IPv4-mapped IPv6
 * address (`::ffff:203.0.113.5`, how a dual-stack socket reports an IPv4
 * client) is the IPv4 client it stands for.
 */
import { isIPv6 } from 'node:net';

const IPV6_GROUPS = 8;
const PREFIX_GROUPS = 4; // 4 × 16 bits: the /64
const SITE_GROUPS = 3; // 3 × 16 bits: the /48, a whole site's allocation

function ipv4ToGroups(dotted: string): number[] {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function groupsOf(address: string): number[] {
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ipv4ToGroups(group) : [parseInt(group, 16)]));
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(IPV6_GROUPS - left.length - right.length).fill(0), ...right];
}

function isIpv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

function prefix(groups: readonly number[], count: number): string {
  return `${groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(':')}::/${count * 16}`;
}

export function rateLimitKey(address: string): string {
  return rateLimitKeys(address)[0];
}

/**
 * The keys a client is counted under where one customer holding many /64s
 * must not multiply a budget (held records, sign-in guesses): its own key,
 * and for IPv6 also its /48, the block a provider gives a whole site.
 */
export function rateLimitKeys(address: string): [string, ...string[]] {
  const bare = address.split('%')[0]!; // a zone id (fe80::1%eth0) names our interface, not the client
  if (!isIPv6(bare)) return [address];
  const groups = groupsOf(bare);
  if (isIpv4Mapped(groups)) return [[groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')];
  return [prefix(groups, PREFIX_GROUPS), prefix(groups, SITE_GROUPS)];
}
