/**
 * The service as the main test server runs it (the built site, a file store,
 * the challenge on, the CLI's control socket), but with challenges that expire after
 * CHALLENGE_LIFETIME_MS, so that a test can let one expire in seconds. Started
 * by ./short-challenges.ts; prints "served on URL" as service/server.ts does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../../service/app';
import { startControlSocket } from '../../service/control/control-socket';
import { openFileStore } from '../../service/db/file-store';
import { silentLog } from '../../service/log';

const store = await openFileStore(process.env.DB_FILE!);
// The CLI that reads the enquiries back records its export through it, as with the real service.
const control = await startControlSocket({ dbFile: process.env.DB_FILE!, store, log: silentLog });
const app = createApp({
  store,
  distDir: path.resolve('dist'),
  rateLimitPerMinute: 0,
  trustProxy: false,
  contactChallenge: true,
  challengeLifetimeMs: Number(process.env.CHALLENGE_LIFETIME_MS),
  log: silentLog,
});
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`served on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () =>
  server.close(
    () =>
      void control
        .close()
        .then(() => store.close())
        .then(() => process.exit(0)),
  ),
);
