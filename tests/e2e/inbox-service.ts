/**
 * The real service for the inbox's tests, on one store: its own process on a
 * free port, serving the built site (DIST_DIR, default dist/), with a data
 * file in a temp folder or a fresh PostgreSQL database; and the operator's
 * CLI (`npm run enquiries`) against the same store, run while it serves: the
 * command's own code in this process (as enquiry-store.ts runs it), rather than
 * npm starting a Node with a TypeScript loader, about two seconds a command.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type TestPostgres } from '../../service/test-support/postgres';
import { TEST_KEYS } from '../../service/test-support/keys';
import { runEnquiries } from '../../service/cli/enquiries';
import { freePort } from '../../service/test-support/free-port';

export type InboxStoreKind = 'file' | 'postgres';

export interface InboxService {
  readonly origin: string;
  /** `npm run enquiries -- ...args`, with `stdin` piped in; resolves with its exit code and output. */
  cli(args: readonly string[], stdin?: string): Promise<{ code: number | null; out: string; err: string }>;
  /** kill -9 of the service's process, as a crash or the OOM killer would end it; the store stays as it was left. */
  crash(): Promise<void>;
  /** Starts the service again on the same port and store, and waits until it serves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The one-time code `users add` and `users reset` print, for the first sign-in. */
export function enrolmentCodeIn(output: string): string {
  const code = /^Enrolment code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/m.exec(output)?.[1];
  if (code === undefined) throw new Error(`No enrolment code in: ${output}`);
  return code;
}

/** `npm run enquiries -- ...args` with `stdin` piped in (not a terminal), against the store `env` names. */
async function enquiries(args: readonly string[], env: NodeJS.ProcessEnv, stdin?: string) {
  let out = '';
  let err = '';
  const code = await runEnquiries(args, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env,
    stdin: Readable.from([stdin ?? '']),
  });
  return { code, out, err };
}

async function waitUntilServing(origin: string, service: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (service.exitCode !== null) throw new Error(`The service stopped (${service.exitCode}):\n${log()}`);
    const serving = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (serving) return;
    await new Promise((resolve) => setTimeout(resolve, 200)); // 30 s in all
  }
  throw new Error(`The service did not answer at ${origin}:\n${log()}`);
}

/** `settings`: more of the service's environment (e.g. SMTP_URL and REPLY_EMAIL_FROM for replies by e-mail). */
export async function startInboxService(store: InboxStoreKind, settings: NodeJS.ProcessEnv = {}): Promise<InboxService> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-inbox-e2e-'));
  let postgres: TestPostgres | null = null;
  const storeEnv: NodeJS.ProcessEnv = { DB_FILE: path.join(dir, 'db.json') };
  if (store === 'postgres') {
    postgres = await startPostgres();
    storeEnv.DATABASE_URL = await postgres.createDatabase();
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...storeEnv,
    ...TEST_KEYS,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    CONTACT_CHALLENGE: 'off',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  const origin = `http://127.0.0.1:${port}`;
  let service: ChildProcess;
  let log = '';
  const exit = (signal: NodeJS.Signals) => {
    if (service.exitCode !== null || service.signalCode !== null) return Promise.resolve();
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill(signal);
    return exited.then(() => {});
  };
  const launch = async () => {
    // Node itself, not npx: stopping npx would leave the service running.
    service = spawn(process.execPath, ['--import', 'tsx', 'service/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    service.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    service.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilServing(origin, service, () => log);
  };
  const stop = async () => {
    await exit('SIGTERM');
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    cli: (args, stdin) => enquiries(args, env, stdin),
    crash: () => exit('SIGKILL'),
    restart: launch,
    stop,
  };
}
