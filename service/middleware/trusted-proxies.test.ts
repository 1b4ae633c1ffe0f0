import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Running } from '../test-support/fixtures';
import { requestFrom } from '../test-support/loopback-clients';
import { forwardedHeadersOnlyFrom, invalidProxyRanges, LOOPBACK_PROXIES, trustedPeers } from './trusted-proxies';

describe('trustedPeers', () => {
  it('matches single addresses and CIDR ranges of both families', () => {
    const trusted = trustedPeers(['192.0.2.7', '10.0.0.0/8', '2001:db8:1::/48']);
    expect(['192.0.2.7', '10.1.2.3', '2001:db8:1:ffff::1', '::ffff:10.9.9.9'].map(trusted)).toEqual([true, true, true, true]);
    expect(['192.0.2.8', '11.0.0.1', '2001:db8:2::1', '::ffff:192.0.2.8', undefined].map(trusted)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('with TRUST_PROXY=true alone, trusts loopback and nothing else', () => {
    const trusted = trustedPeers(LOOPBACK_PROXIES);
    expect(['127.0.0.1', '127.0.0.3', '::1', '::ffff:127.0.0.1'].map(trusted)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '192.0.2.1', '2001:db8::1', 'fe80::1%eth0', '::2'].map(trusted)).toEqual([false, false, false, false, false]);
  });

  it('names the entries that are not an address or a range', () => {
    expect(invalidProxyRanges(['10.0.0.0/8', '::1', 'nginx', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/8', '10.0.0.0/x'])).toEqual([
      'nginx',
      '10.0.0.0/33',
      '300.1.1.1',
      '10.0.0.0/8/8',
      '10.0.0.0/x',
    ]);
  });
});

describe('forwardedHeadersOnlyFrom', () => {
  let running: Running | undefined;
  afterEach(async () => {
    await running?.close();
  });

  /** Koa with its proxy setting on, as createApp makes it, answering what it makes of each request. */
  async function start(trusted: readonly string[]) {
    const app = new Koa({ proxy: true, maxIpsCount: 1 });
    app.use(forwardedHeadersOnlyFrom(trustedPeers(trusted)));
    app.use((ctx) => {
      ctx.body = { ip: ctx.ip, protocol: ctx.protocol, secure: ctx.secure, host: ctx.host };
    });
    running = await listen(app);
    return running.url;
  }

  const forwarded = { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' };

  it('reads the client, the protocol and the host from a trusted proxy', async () => {
    const url = await start(['127.0.0.3']);
    const answer = await requestFrom(url, { from: '127.0.0.3', headers: forwarded });
    expect(JSON.parse(answer.body)).toEqual({ ip: '203.0.113.9', protocol: 'https', secure: true, host: 'evil.example' });
  });

  it('ignores them from any other peer: the connection itself decides', async () => {
    const url = await start(['127.0.0.3']);
    const answer = await requestFrom(url, { from: '127.0.0.2', headers: forwarded });
    expect(JSON.parse(answer.body)).toEqual({ ip: '127.0.0.2', protocol: 'http', secure: false, host: new URL(url).host });
  });

  it('keeps the socket address for a trusted proxy that sends no X-Forwarded-For', async () => {
    const url = await start(['127.0.0.3']);
    const answer = await requestFrom(url, { from: '127.0.0.3' });
    expect(JSON.parse(answer.body)).toMatchObject({ ip: '127.0.0.3', secure: false });
  });
});
