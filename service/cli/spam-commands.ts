/** `spam`, `spam release ID` and `spam delete ID`: what is held for review, and what was counted instead of stored. */
import { configuredChannels } from '../alerts/alert-senders';
import { loadAlertConfig } from '../config';
import { readTallies, type StoreLocation } from '../open-configured-store';
import { utcDay } from '../records';
import { HELD_DAYS } from '../store-rules';
import { escapeForTerminal } from '../text/format';
import { changeStore, cliActor } from './change-store';
import { list } from './enquiry-commands';
import type { Io } from './io';
import { formatTallies } from './record-views';

export async function listHeld(location: StoreLocation, io: Io): Promise<number> {
  const code = await list(location, io, 'spam');
  const since = utcDay(new Date(Date.now() - HELD_DAYS * 24 * 60 * 60 * 1000));
  const tallies = await readTallies(location, since);
  if (tallies !== null) io.out(`\n${formatTallies(tallies, since)}`);
  return code;
}

/** `spam release ID` and `spam delete ID`, by the running service when it holds the file store; on the audit log. */
export async function changeHeld(location: StoreLocation, io: Io, action: 'release' | 'delete', id: string | undefined): Promise<number> {
  if (!id?.trim()) {
    io.err(`spam ${action} needs the id or reference (TW-XXXXXXXX) of a held record: npm run enquiries -- spam lists them.\n`);
    return 2;
  }
  const request = { command: action === 'release' ? 'held-release' : 'held-delete', actor: cliActor(), id } as const;
  const { answer } = await changeStore(location, request, { alertChannels: configuredChannels(loadAlertConfig(io.env)) });
  if (answer.reference === null) {
    io.err(`Nothing held for review has the id or reference ${escapeForTerminal(id.trim())}.\n`);
    return 1;
  }
  io.out(
    action === 'release'
      ? `Released: it is now enquiry ${answer.reference}, and its alerts are queued.\n`
      : `Deleted ${answer.reference}.\n`,
  );
  return 0;
}
