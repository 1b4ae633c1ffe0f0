/**
 * A real PostgreSQL server for the tests and the benchmark: initdb and
 * pg_ctl in a temporary folder, on a free port on 127.0.0.1. One server per
 * Vitest run (postgres-global-setup.ts), or per test file for a file that
 * stops it; a fresh database per test (createDatabase). initdb refuses to run
 * as root, so as root the server runs as the `postgres` user, in a folder it
 * owns.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);
const DEBIAN_BIN_ROOT = '/usr/lib/postgresql';

/** initdb's folder: on the PATH, or Debian's /usr/lib/postgresql/<version>/bin (the newest), where the package puts it. */
export async function findPostgresBin(): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const versions = existsSync(DEBIAN_BIN_ROOT) ? await readdir(DEBIAN_BIN_ROOT) : [];
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  for (const version of newest) {
    const dir = path.join(DEBIAN_BIN_ROOT, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** A server tests make databases on. */
export interface PostgresServer {
  /** The server's own `postgres` database. */
  url: string;
  port: number;
  /** A new, empty database; resolves with its URL. */
  createDatabase(): Promise<string>;
}

export interface TestPostgres extends PostgresServer {
  /** Shuts the server down (an outage) and starts it again on the same port. */
  shutDown(): Promise<void>;
  startAgain(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /**
   * false (the tests): no fsync, as nothing here survives a power cut anyway.
   * true (the benchmark): PostgreSQL's defaults, so a commit costs what it costs in production.
   */
  durable?: boolean;
  /** PostgreSQL's limit on connections at once (its default is 100): a server every Vitest worker shares needs more. */
  maxConnections?: number;
}

/** The URL of `database` on the server whose `postgres` database is at `serverUrl`. */
function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's own `postgres` database. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server at `serverUrl`; resolves with its URL. Named at
 * random: files in one Vitest worker each count from the start, and every
 * worker shares the run's server.
 */
export async function createDatabaseOn(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  return databaseUrl(serverUrl, name);
}

/** Drops a database createDatabaseOn made, closing any connection still open to it. */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onServer(databaseUrl(url, 'postgres'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function startPostgres({ durable = false, maxConnections }: StartPostgresOptions = {}): Promise<TestPostgres> {
  const bin = await findPostgresBin();
  if (bin === null) throw new Error('PostgreSQL is not installed: initdb is neither on the PATH nor in /usr/lib/postgresql/*/bin.');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'teratai-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const pgCommand = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    await (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgCommand('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const settings = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    durable ? '' : ' -c fsync=off -c synchronous_commit=off',
    maxConnections === undefined ? '' : ` -c max_connections=${maxConnections}`,
  ].join('');
  const start = () => pgCommand('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    createDatabase: () => createDatabaseOn(url),
    shutDown: () => pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    startAgain: start,
    async stop() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
