import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';

/**
 * A loopback port nothing listens on, for a server that must be given its
 * port before it starts (nginx, PostgreSQL, Dovecot, the inbox tests' service): the kernel picks it, and it is
 * let go at once for that server to take.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
