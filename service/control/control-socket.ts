/**
 * The running service's door for the enquiries CLI, with the file store: only
 * the process holding the store's lock may write it, so the CLI sends its
 * change here instead (see control-commands.ts). HTTP on a Unix domain socket
 * beside DB_FILE (data/db.json.sock): `POST /` with one command as JSON,
 * answered with JSON. The socket is its owner's only (mode 0600), so whoever
 * may use it may read the data files anyway; it is removed when the service
 * stops, and one left by a killed service is replaced at start.
 */
import { lstat, rm } from 'node:fs/promises';
import http from 'node:http';
import type { Log } from '../log';
import { type Store, UserInputError } from '../store-interface';
import { controlRequestSchema, runControlCommand, type ControlContext } from './control-commands';

const MAX_BODY_BYTES = 64 * 1024;

export function controlSocketPath(dbFile: string): string {
  return `${dbFile}.sock`;
}

export interface ControlSocket {
  /** Answers the commands in flight, then removes the socket. */
  close(): Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string | null> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_BODY_BYTES) return null;
  }
  return body;
}

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(store: Store, log: Log, context: ControlContext, request: http.IncomingMessage, response: http.ServerResponse) {
  if (request.method !== 'POST' || request.url !== '/') return answer(response, 404, { error: 'Only POST / is answered here.' });
  const body = await readBody(request);
  let json: unknown;
  try {
    json = body === null ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  const parsed = controlRequestSchema.safeParse(json);
  if (!parsed.success) return answer(response, 400, { error: 'Not a command this service knows.' });
  try {
    const result = await runControlCommand(store, parsed.data, context);
    log({ level: 'info', msg: 'control: command done', command: parsed.data.command });
    answer(response, 200, result);
  } catch (error) {
    if (error instanceof UserInputError) return answer(response, 422, { error: error.message });
    log({ level: 'error', msg: 'control: command failed', command: parsed.data.command, error: String(error) });
    answer(response, 500, { error: `The service could not do it: ${error instanceof Error ? error.message : String(error)}` });
  }
}

function handlerFor(store: Store, log: Log, context: ControlContext) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    // A client that goes away mid-request must not take the service down with an unhandled rejection.
    handle(store, log, context, request, response).catch((error: unknown) => {
      log({ level: 'warn', msg: 'control: request failed', error: String(error) });
      response.destroy();
    });
  };
}

/** A socket file left by a service that was killed: we hold the store's lock, so no live service serves it. */
async function removeStale(socketPath: string) {
  const found = await lstat(socketPath).catch(() => null);
  if (found === null) return;
  if (!found.isSocket()) throw new Error(`${socketPath} exists and is not a socket: move it away.`);
  await rm(socketPath);
}

/** Listens on DB_FILE's socket; call it only while holding the store's lock. `alertChannels`: the service's own. */
export async function startControlSocket({
  dbFile,
  store,
  log,
  alertChannels = [],
}: {
  dbFile: string;
  store: Store;
  log: Log;
  alertChannels?: ControlContext['alertChannels'];
}): Promise<ControlSocket> {
  const socketPath = controlSocketPath(dbFile);
  await removeStale(socketPath);
  const server = http.createServer(handlerFor(store, log, { alertChannels }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket is made by listen(), synchronously: owner-only from its first moment, not chmod-ed after.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve()); // Node removes the socket file once it is closed
        server.closeIdleConnections();
      }),
  };
}
