import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY_HOPS', () => {
  it('is 1 when unset or empty: one proxy of yours in front', () => {
    expect(loadConfig({}).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: ' ' }).trustProxyHops).toBe(1);
  });

  it('reads a chain of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it.each(['0', '-1', '1.5', 'two', '11'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY_HOPS: value })).toThrow(/TRUST_PROXY_HOPS: TRUST_PROXY_HOPS must be a whole number from 1 to 10/);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('trusts no peer when unset, and loopback peers only with TRUST_PROXY=true alone', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: false, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustedProxies: ['127.0.0.0/8', '::1'] });
  });

  it('reads addresses and CIDR ranges separated by commas, and turns proxy trust on by itself', () => {
    const config = loadConfig({ TRUSTED_PROXIES: ' 10.0.0.5, 192.168.1.0/24,,2001:db8::/64 ' });
    expect(config).toMatchObject({ trustProxy: true, trustedProxies: ['10.0.0.5', '192.168.1.0/24', '2001:db8::/64'] });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.5' }).trustedProxies).toEqual(['10.0.0.5']);
  });

  it('refuses an entry that is not an address or a range, naming it', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.5, nginx, 10.0.0.0/40' })).toThrow(
      /TRUSTED_PROXIES: TRUSTED_PROXIES must be addresses or CIDR ranges separated by commas, e\.g\. .*; not one: nginx, 10\.0\.0\.0\/40/,
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: ',' })).toThrow(/TRUSTED_PROXIES must be addresses or CIDR ranges/);
  });

  it('refuses TRUST_PROXY=false beside it', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'false', TRUSTED_PROXIES: '10.0.0.5' })).toThrow(
      /TRUST_PROXY: must not be false when TRUSTED_PROXIES is set/,
    );
  });
});

describe('MAX_CONNECTIONS_PER_CLIENT', () => {
  it('is 128 when unset, and reads a whole number from 1', () => {
    expect(loadConfig({}).maxConnectionsPerClient).toBe(128);
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '500' }).maxConnectionsPerClient).toBe(500);
  });

  it.each(['0', '-1', '2.5', 'many'])('refuses %s', (value) => {
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: value })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT: MAX_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 1000000/,
    );
  });
});
