/**
 * The connection pool and what a failed query means. pg's Pool replaces a
 * broken connection by itself on the next query, so a database that comes
 * back is used again with nothing to do here; until then, queries fail fast
 * (CONNECT_TIMEOUT_MS) and are reported as StoreUnavailableError: the visitor
 * gets the 503 sentence and keeps their enquiry to send again.
 */
import pg from 'pg';
import type { Log } from '../../log';
import { StoreUnavailableError } from '../../store-interface';

/** A health check or an enquiry waits this long for a connection before answering 503. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Enough for a burst on a small managed database, whose plans often allow 20-100 connections in all. */
const MAX_CONNECTIONS = 10;
/**
 * A query unanswered for this long fails (503 to the visitor, who sends again
 * with the same key): a connection cut without a reset, or a table locked by
 * someone's long transaction, must not hold requests and their connections
 * without end. Every query here takes milliseconds.
 */
export const QUERY_TIMEOUT_MS = 15_000;

export function createPool(url: string, log: Log, queryTimeoutMs = QUERY_TIMEOUT_MS): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: MAX_CONNECTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeoutMs,
    // Lets the kernel notice a connection whose other end vanished (no reset came).
    keepAlive: true,
  });
  // An idle connection that breaks (the server restarts) is reported here; without a listener
  // Node would crash on the 'error' event. The pool has already dropped it.
  pool.on('error', (error) => log({ level: 'warn', msg: 'database connection lost', error: error.message }));
  return pool;
}

/**
 * SQLSTATE classes that say "not now" rather than "not this": 08 connection
 * exception, 53 insufficient resources (too many connections, disk full),
 * 57 operator intervention (shutdown, restart).
 */
const UNAVAILABLE_CLASSES = ['08', '53', '57'];

/** True for an error of reaching or keeping the database, as opposed to one of the statement. */
export function isUnavailable(error: unknown): boolean {
  // No SQLSTATE: the socket failed, or pg gave up connecting (ECONNREFUSED, "Connection terminated", a timeout).
  // pg and Node report those as plain Errors; a TypeError or RangeError is a bug of ours, not an outage.
  if (!(error instanceof pg.DatabaseError)) return error instanceof Error && error.constructor === Error;
  return UNAVAILABLE_CLASSES.includes(error.code?.slice(0, 2) ?? '');
}

/** A unique key refused the row (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return error instanceof pg.DatabaseError && error.code === '23505' && (constraint === undefined || error.constraint === constraint);
}

/** Runs `work` and turns an unavailable database into StoreUnavailableError. */
export async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isUnavailable(error) ? new StoreUnavailableError(error) : error;
  }
}

/**
 * Runs `work` on one connection held for several queries; `markBroken` says
 * it must not serve another. While a connection is held, pg-pool no longer
 * listens for its 'error' event, so one lost between two queries (the server
 * restarts) would raise it unheard and end the process: it is heard here.
 */
export async function withConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, markBroken: (error: Error) => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const markBroken = (error: Error) => void (broken ??= error);
  client.on('error', markBroken);
  try {
    return await work(client, markBroken);
  } finally {
    client.off('error', markBroken);
    // A connection that failed is closed, not handed to the next query.
    client.release(broken);
  }
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return unlessUnavailable(() =>
    withConnection(pool, async (client, markBroken) => {
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (isUnavailable(error)) markBroken(error as Error);
        else await client.query('ROLLBACK').catch(markBroken);
        throw error;
      }
    }),
  );
}
