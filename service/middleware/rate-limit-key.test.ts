import { describe, expect, it } from 'vitest';
import { rateLimitKey, rateLimitKeys } from './rate-limit-key';

describe('rateLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it.each(['::ffff:203.0.113.5', '::FFFF:203.0.113.5', '0:0:0:0:0:ffff:203.0.113.5', '::ffff:cb00:7105'])(
    'counts the IPv4-mapped %s as the IPv4 client 203.0.113.5',
    (address) => {
      expect(rateLimitKey(address)).toBe('203.0.113.5');
    },
  );

  it.each([
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.5', '64:ff9b:0:0::/64'],
  ])('counts %s under its /64, %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('tells different /64s apart', () => {
    expect(rateLimitKey('2001:db8:1:2::a')).not.toBe(rateLimitKey('2001:db8:1:3::a'));
  });

  it('keeps what is not an IP address as it is (never one shared key)', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
    expect(rateLimitKey('')).toBe('');
  });

  it('counts an IPv6 client under its /48 too, so many /64s of one site share a budget', () => {
    expect(rateLimitKeys('2001:db8:1:2::a')).toEqual(['2001:db8:1:2::/64', '2001:db8:1::/48']);
    expect(rateLimitKeys('2001:db8:1:3::a')[1]).toBe(rateLimitKeys('2001:db8:1:2::a')[1]);
    expect(rateLimitKeys('203.0.113.5')).toEqual(['203.0.113.5']);
    expect(rateLimitKeys('::ffff:203.0.113.5')).toEqual(['203.0.113.5']);
  });
});
