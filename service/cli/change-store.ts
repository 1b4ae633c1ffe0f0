/**
 * How a command that changes the store gets it done, on either store, while
 * the service runs or not: with PostgreSQL it opens the database, as every
 * instance does; a file store has one writer, so the command takes its lock
 * when no one holds it, and else asks the service that does over its control
 * socket. A lock held by a process that does not answer there (another
 * command) is waited for, a little. A question a command must ask before its
 * change (is this username taken?) goes the same way: the store is never read
 * whole beside the service that holds it.
 */
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { askService } from '../control/ask-service';
import { type ControlAnswers, type ControlCommand, type ControlRequestOf, runControlCommand } from '../control/control-commands';
import { controlSocketPath } from '../control/control-socket';
import { openForChange, type StoreLocation } from '../open-configured-store';
import type { AlertChannel } from '../records';
import { LockHeldError, type Store } from '../store-interface';

const LOCK_WAIT_MS = 10_000;
const LOCK_RETRY_MS = 200;

/** The audit log's actor for what this process does: `cli:` and the login name it runs as. */
export function cliActor(): string {
  let name: string;
  try {
    name = os.userInfo().username;
  } catch {
    name = `uid${process.getuid?.() ?? ''}`; // a container user without a passwd entry
  }
  return `cli:${name.replace(/[\s:]/g, '_').slice(0, 64) || 'unknown'}`;
}

/**
 * Puts on record, before the command shows anything, that it shows personal
 * data: what and how much (`detail`), never the data itself.
 */
export async function recordAccess(location: StoreLocation, action: 'list' | 'export', detail: string): Promise<void> {
  await changeStore(location, { command: 'record-access', actor: cliActor(), action, detail });
}

export interface Done<A> {
  answer: A;
  /** `service`: the running service did it; `command`: this process did, on the store it opened. */
  by: 'service' | 'command';
}

export interface ChangeOptions {
  alertChannels?: readonly AlertChannel[];
  /** What the service's store does with ACK_EMAIL_FROM set: a release queues the visitor's acknowledgement. */
  acknowledge?: boolean;
  /** Run with the store still open after the command, when this process did it. */
  alsoHere?: (store: Store) => Promise<void>;
  /** Told once, when the command starts to wait for a lock held by a process that does not answer: why it is quiet. */
  onWait?: (message: string) => void;
}

async function runHere<C extends ControlCommand>(
  store: Store,
  request: ControlRequestOf<C>,
  alsoHere: ChangeOptions['alsoHere'],
  alertChannels: readonly AlertChannel[],
) {
  try {
    const answer = await runControlCommand(store, request, { alertChannels });
    await alsoHere?.(store);
    return { answer, by: 'command' as const };
  } finally {
    await store.close();
  }
}

export async function changeStore<C extends ControlCommand>(
  location: StoreLocation,
  request: ControlRequestOf<C>,
  { alertChannels = [], acknowledge = false, alsoHere, onWait }: ChangeOptions = {},
): Promise<Done<ControlAnswers[C]>> {
  const waitUntil = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    let store: Store;
    try {
      store = await openForChange(location, alertChannels, acknowledge);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw error;
      const answer = await askService(location.dbFile, request);
      if (answer !== null) return { answer, by: 'service' };
      if (Date.now() > waitUntil) {
        throw new Error(
          `${error.message}\nNo service answers on ${controlSocketPath(location.dbFile)}: run the command where the service runs, as its user, or stop the process that holds the lock.`,
        );
      }
      if (!told) onWait?.(`${error.message}\nWaiting up to ${LOCK_WAIT_MS / 1000} s for it to be released.\n`);
      told = true;
      await delay(LOCK_RETRY_MS);
      continue;
    }
    return runHere(store, request, alsoHere, alertChannels);
  }
}
