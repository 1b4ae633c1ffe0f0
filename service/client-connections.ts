/**
 * The per-client connection limit (MAX_CONNECTIONS_PER_CLIENT): a client
 * holding connections open, headers never finished, would otherwise fill the
 * server's shared cap and lock every other visitor out. Clients are counted
 * by the socket's peer address, as the rate limit counts them (an IPv6 client
 * is its /64); a trusted proxy carries many visitors, and is not counted.
 */
import type { Server, Socket } from 'node:net';
import type { Log } from './log';
import { rateLimitKey } from './middleware/rate-limit-key';

export interface ClientConnectionOptions {
  maxPerClient: number;
  isTrustedProxy: (address: string | undefined) => boolean;
  log: Log;
}

/** Closes, as it arrives, each connection of a client that already holds `maxPerClient`. */
export function limitConnectionsPerClient(server: Server, { maxPerClient, isTrustedProxy, log }: ClientConnectionOptions): void {
  const open = new Map<string, number>();
  // Clients that reached their limit since they last had no connection: one warn line each, not one per connection closed.
  const atLimit = new Set<string>();
  // Prepended: the HTTP server's own listener then sees a socket already destroyed, and reads nothing from it.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy(); // the client is already gone
      return;
    }
    if (isTrustedProxy(address)) return;
    const client = rateLimitKey(address);
    const count = open.get(client) ?? 0;
    if (count >= maxPerClient) {
      if (!atLimit.has(client)) log({ level: 'warn', msg: 'client at its connection limit: new connections closed', limit: maxPerClient });
      atLimit.add(client);
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = open.get(client)! - 1;
      if (left > 0) {
        open.set(client, left);
      } else {
        open.delete(client);
        atLimit.delete(client);
      }
    });
  });
}
