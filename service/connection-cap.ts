/**
 * How many connections the service may hold at once, all clients together:
 * as many as its open-file limit allows. Past that limit, accept() fails and
 * the store could no longer open its files, so the cap stops short of it.
 */
import { readFileSync } from 'node:fs';

/** Descriptors left for everything but visitors' connections: the store's files, the log, the database pool, mail and webhook sockets. */
const RESERVED_DESCRIPTORS = 256;
/** Where the limit cannot be read (not Linux): a cap the usual limits allow. */
const FALLBACK_MAX_CONNECTIONS = 1_000;
const SOFT_OPEN_FILES = /^Max open files\s+(\d+)\s/m;

/**
 * The cap for a process whose /proc/self/limits reads `limitsText` (null:
 * unreadable). Node raises the soft limit to the hard one as it starts, so
 * the file gives the limit in force.
 */
export function maxConnectionsFor(limitsText: string | null): number {
  const match = limitsText === null ? null : SOFT_OPEN_FILES.exec(limitsText);
  if (!match) return FALLBACK_MAX_CONNECTIONS; // unreadable, or "unlimited"
  // A connection may hold a second descriptor: the file it is being sent.
  return Math.max(1, Math.floor((Number(match[1]) - RESERVED_DESCRIPTORS) / 2));
}

function readLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

export function maxConnectionsForThisProcess(): number {
  return maxConnectionsFor(readLimits());
}
