/**
 * The real entry point (service/server.ts) in a child process, for the tests
 * that need a process: crashes, signals, a second process on the same file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { buildService } from '../../scripts/build-service.mjs';
import { TEST_KEYS } from './keys';

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(SERVER_ENTRY), '..');
const LISTENING = /served on (http:\/\/\S+)/;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnOptions {
  /** Another entry point that prints the same "served on URL" line (the benchmark's no-store server). */
  entry?: string;
  args?: string[];
  /** Node's own flags, before the entry (a benchmark's --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** Keep only what is written before the server listens (a benchmark's request log is megabytes). */
  outputUntilListening?: boolean;
}

/** `env` over TEST_KEYS; an empty AUDIT_KEY or TOTP_KEY starts the process without it. */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const { entry = SERVER_ENTRY, args = [], nodeArgs = [], outputUntilListening = false } = options;
  // TypeScript sources need the tsx loader; a compiled bundle (build/service/server.mjs) runs as it is.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...TEST_KEYS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    if (!outputUntilListening || !LISTENING.test(output)) output += chunk.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, output: () => output, exited };
}

/** Starts the server and resolves with its URL once it listens; rejects with its output if it exits first. */
export async function startServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess & { url: string }> {
  const server = spawnServer(env, options);
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = LISTENING.exec(server.output());
      if (match) resolve(match[1]!);
    };
    server.child.stdout!.on('data', check);
    server.exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening:\n${server.output()}`)));
  });
  return { ...server, url };
}

/** Kills a service a test left running, if any, and waits for it to exit. */
export async function killIfRunning(server: ServerProcess | null | undefined): Promise<void> {
  if (!server) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * The service compiled as `npm start` runs it (one bundle, no TypeScript
 * loader), for the test file that calls this and starts many processes: a
 * start takes about 0.3 s instead of 0.75 s. Built once before the file's
 * tests, in a folder of its own inside the repository (where its one native
 * package is found in node_modules), and removed after. Returns the bundle's
 * entry for `SpawnOptions.entry`; call it inside tests and hooks.
 */
export function useServiceBundle(): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    await mkdir(path.join(REPO_ROOT, 'build'), { recursive: true });
    dir = await mkdtemp(path.join(REPO_ROOT, 'build', 'test-service-'));
    await buildService(path.join(dir, 'server.mjs'));
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
  return () => {
    if (!dir) throw new Error('The service bundle has not been built');
    return path.join(dir, 'server.mjs');
  };
}
