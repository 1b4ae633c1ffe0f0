import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test-support/fixtures';
import { makeSelfSignedCertificate, type Certificate } from '../test-support/self-signed-certificate';
import { securityHeaders } from './security-headers';

const HSTS = 'max-age=31536000; includeSubDomains';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let certificate: Certificate;
const servers: (http.Server | https.Server)[] = [];

beforeAll(async () => {
  temp = await makeTempDir();
  certificate = await makeSelfSignedCertificate(temp.dir);
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
});

afterAll(() => temp.remove());

function appWithHeaders({ proxy }: { proxy: boolean }): Koa {
  const app = new Koa({ proxy });
  app.use(securityHeaders());
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  return app;
}

async function serve(server: http.Server | https.Server): Promise<number> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** The answer's headers to a GET over plain HTTP or over TLS (trusting our certificate only). */
async function headersOf(port: number, { tls, headers = {} }: { tls: boolean; headers?: Record<string, string> }) {
  const options = { host: '127.0.0.1', port, path: '/', headers };
  const request = tls ? https.get({ ...options, servername: 'localhost', ca: certificate.cert }) : http.get(options);
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.headers;
}

describe('security headers', () => {
  it('leave out the deprecated X-XSS-Protection and X-Download-Options', async () => {
    const port = await serve(http.createServer(appWithHeaders({ proxy: false }).callback()));
    const headers = await headersOf(port, { tls: false });
    expect(headers['x-content-type-options']).toBe('nosniff'); // helmet's other defaults are still there
    expect(headers['x-xss-protection']).toBeUndefined();
    expect(headers['x-download-options']).toBeUndefined();
  });

  it('send Strict-Transport-Security over TLS', async () => {
    const port = await serve(
      https.createServer({ key: certificate.key, cert: certificate.cert }, appWithHeaders({ proxy: false }).callback()),
    );
    expect((await headersOf(port, { tls: true }))['strict-transport-security']).toBe(HSTS);
  });

  it('send it over plain HTTP from a trusted proxy that received the request over TLS', async () => {
    const port = await serve(http.createServer(appWithHeaders({ proxy: true }).callback()));
    const headers = await headersOf(port, { tls: false, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(headers['strict-transport-security']).toBe(HSTS);
  });

  it('do not send it over plain HTTP, whatever an untrusted client says its protocol was', async () => {
    const port = await serve(http.createServer(appWithHeaders({ proxy: false }).callback()));
    expect((await headersOf(port, { tls: false }))['strict-transport-security']).toBeUndefined();
    const forged = await headersOf(port, { tls: false, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forged['strict-transport-security']).toBeUndefined();
  });
});
