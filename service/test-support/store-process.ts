/**
 * A PostgreSQL store in a process of its own, for the tests of instances that
 * write to one database at once: `startStoreProcess(url)` spawns this file,
 * which opens the store on DATABASE_URL and runs each operation sent on its
 * stdin (one JSON line: id, operation, arguments), answering on stdout with
 * the result or the error's message. Two of them are two instances as
 * production runs them: two processes, two pools, two event loops.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openPostgresStore, type PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import type { AlertChannel, NewAuditEntry } from '../records';
import { queueReminders } from '../reminders';
import { createHeldAdmission } from '../review/held-admission';
import type { SubmitOptions } from '../store-interface';
import { heldPost } from './held-post';
import { appendAudit } from '../audit-append';

const OPERATIONS = {
  appendAudit: (store: PostgresStore, entry: NewAuditEntry) => appendAudit(store, entry),
  // Dates travel as ISO text.
  queueReminders: (store: PostgresStore, since: string, cutoff: string, channels: AlertChannel[]) =>
    queueReminders(store, new Date(since), new Date(cutoff), channels),
  /** Posts from each address at once through one admission of this instance: how many were held. */
  heldPosts: async (store: PostgresStore, addresses: string[], options: SubmitOptions, limits: { records: number; bytes: number }) => {
    const admission = createHeldAdmission({ store, pool: store.pool, alertChannels: [], log: silentLog, limits });
    const held = await Promise.all(addresses.map((address) => heldPost(store, admission, address, options)));
    return held.filter(Boolean).length;
  },
};
type Operation = keyof typeof OPERATIONS;
type Arguments<Name extends Operation> = (typeof OPERATIONS)[Name] extends (store: PostgresStore, ...rest: infer Rest) => unknown
  ? Rest
  : never;
type Result<Name extends Operation> = Awaited<ReturnType<(typeof OPERATIONS)[Name]>>;

interface Answer {
  id: number;
  result?: unknown;
  error?: string;
}

export interface StoreProcess {
  run<Name extends Operation>(operation: Name, ...args: Arguments<Name>): Promise<Result<Name>>;
  /** Closes the store and waits for the process to exit. */
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(import.meta.url);
/** Where `--import tsx` is found. */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = 'ready';

export async function startStoreProcess(databaseUrl: string, alertChannels: AlertChannel[] = []): Promise<StoreProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ALERT_CHANNELS: alertChannels.join(',') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  // A child that dies fails what it was asked, rather than leaving the test to time out.
  void exited.then(([code]) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`the store process exited (${String(code)})`));
    pending.clear();
  });
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<void>((resolve, reject) => {
    void exited.then(([code]) => reject(new Error(`the store process exited (${String(code)}) before it was ready`)));
    lines.on('line', (line) => {
      if (line === READY) return resolve();
      const answer = JSON.parse(line) as Answer;
      const waiting = pending.get(answer.id)!;
      pending.delete(answer.id);
      if (answer.error === undefined) waiting.resolve(answer.result);
      else waiting.reject(new Error(answer.error));
    });
  });
  await ready;
  let nextId = 0;
  return {
    run(operation, ...args) {
      const id = (nextId += 1);
      child.stdin.write(`${JSON.stringify({ id, operation, args })}\n`);
      return new Promise((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/** The child: serves operations until its stdin ends, then closes the store. */
async function serve(): Promise<void> {
  const channels = process.env.ALERT_CHANNELS!.split(',').filter(Boolean) as AlertChannel[];
  const store = await openPostgresStore(process.env.DATABASE_URL!, { alertChannels: channels });
  const running: Promise<void>[] = [];
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const { id, operation, args } = JSON.parse(line) as { id: number; operation: Operation; args: unknown[] };
    const call = OPERATIONS[operation] as (store: PostgresStore, ...rest: unknown[]) => Promise<unknown>;
    running.push(
      call(store, ...args).then(
        (result) => void process.stdout.write(`${JSON.stringify({ id, result })}\n`),
        (error: unknown) => void process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`),
      ),
    );
  });
  process.stdout.write(`${READY}\n`);
  await once(lines, 'close');
  await Promise.all(running);
  await store.close();
}

if (process.argv[1] === ENTRY) await serve();
