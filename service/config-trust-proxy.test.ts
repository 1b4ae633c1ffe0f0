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
