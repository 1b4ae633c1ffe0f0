/**
 * Reads the visitors' answers from the firm's mailbox (REPLIES_IMAP_URL)
 * with imapflow. The folder is opened read-only (EXAMINE) and every message
 * fetched with BODY.PEEK, so the mailbox's read marks stay the staff's own.
 * IDLE only wakes the reader early: it also looks every POLL_MS whatever
 * IDLE says, since a server or a proxy may drop IDLE without a word. It
 * reads from the cursor in the store (cursor.ts), one instance at a time,
 * a batch at a time: the header sections first, then the whole of those
 * that answer an enquiry, each message on its own: a message that cannot
 * be read is tried MAX_TRIES times and skipped, counted; one too large is
 * skipped unread; an automatic reply is passed over; none stops the next.
 * Nothing a sender wrote reaches the log: only UIDs and counts.
 */
import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { Log } from '../log';
import type { AlertChannel, EnquiryRecord } from '../records';
import type { Store } from '../store-interface';
import { endTurn, moveCursor, takeTurn, type CursorChange } from './cursor';
import type { ImapSettings } from './imap-url';
import { matchEnquiry } from './match-enquiry';
import { parseHeaders, parseMail, UnreadableMailError, type MailHeaders } from './parse-mail';
import { recordAnswer } from './record-answer';
import { queueRefusalAlert } from './refusal-alert';
import { unreadAnswer } from './unread-answer';

/** The reader looks this often whatever IDLE says. */
export const POLL_MS = 60_000;
/** Tries at reading a message before it is skipped and counted. */
export const MAX_TRIES = 3;
/** Past this a message is not fetched: Gmail and Microsoft 365 take 25 MB of attachments, about 34 MB once encoded. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** Messages fetched at once, and their bytes at most: a first read of a full mailbox goes in steps, in bounded memory. */
const BATCH_MESSAGES = 200;
const BATCH_BYTES = 32 * 1024 * 1024;
/** IDLE starts this soon after a pass, so that new mail wakes the reader at once. */
const AUTO_IDLE_DELAY_MS = 1_000;
const CONNECTION_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 5 * 60_000;

/** What this instance's reader is doing now; each change to refused or unreachable is logged once. */
export type ReaderState = 'starting' | 'reading' | 'other-instance' | 'refused' | 'unreachable' | 'stopped';

export interface MailboxReaderOptions {
  settings: ImapSettings;
  store: Store;
  /** The staff alerts' channels (and the operator's, for a refused password). */
  channels: readonly AlertChannel[];
  log: Log;
  pollMs?: number;
  /**
   * Whose turn at the mailbox this reader takes (cursor.ts); by default a name
   * of its own at each start. The file store has one writer, so its reader is
   * given one name for every start: the turn a killed process left is its own,
   * read at once after the restart instead of waited out for LEASE_MS.
   */
  holder?: string;
}

export interface MailboxReader {
  /** Reads what is new now (after the pass under way, if any). */
  readNow(): Promise<void>;
  state(): ReaderState;
  stop(): Promise<void>;
}

interface Found {
  uid: number;
  size: number;
}

/** Message sizes in order, in batches of at most BATCH_MESSAGES and BATCH_BYTES (a larger message alone). */
function batchesOf(found: readonly Found[]): Found[][] {
  const batches: Found[][] = [];
  let bytes = 0;
  for (const message of found) {
    const last = batches.at(-1);
    if (!last || last.length >= BATCH_MESSAGES || bytes + message.size > BATCH_BYTES) {
      batches.push([message]);
      bytes = message.size;
    } else {
      last.push(message);
      bytes += message.size;
    }
  }
  return batches;
}

/** An error's kind without what the server said (which may quote the mailbox). */
const errorKind = (error: unknown) =>
  error instanceof Error ? ((error as Error & { code?: string }).code ?? error.name) : 'unknown error';

export function startMailboxReader({
  settings,
  store,
  channels,
  log,
  pollMs = POLL_MS,
  holder = randomUUID(),
}: MailboxReaderOptions): MailboxReader {
  const key = settings.key;
  let client: ImapFlow | null = null;
  /** The connection being opened, which stop() closes too. */
  let opening: ImapFlow | null = null;
  let state: ReaderState = 'starting';
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let queued = false;

  async function failed(error: unknown) {
    const refused = (error as { authenticationFailed?: boolean }).authenticationFailed === true;
    const next: ReaderState = refused ? 'refused' : 'unreachable';
    if (state === next) return;
    state = next;
    if (refused) {
      log({
        level: 'error',
        msg: 'the replies mailbox refused the password in REPLIES_IMAP_URL; the operator is alerted',
        host: settings.host,
      });
      await queueRefusalAlert(store, channels, settings.host).catch((alertError: unknown) =>
        log({ level: 'error', msg: 'the replies mailbox alert could not be queued', error: errorKind(alertError) }),
      );
    } else {
      log({
        level: 'warn',
        msg: 'the replies mailbox cannot be reached; trying again every minute',
        host: settings.host,
        error: errorKind(error),
      });
    }
  }

  async function connected(): Promise<ImapFlow | null> {
    if (client?.usable) return client;
    const next = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      autoIdleDelay: AUTO_IDLE_DELAY_MS,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    // A dropped connection is found again at the next look; 'error' must have a listener or it would end the process.
    next.on('error', () => {});
    next.on('close', () => {
      if (client === next) client = null;
    });
    next.on('exists', () => void readNow());
    opening = next;
    try {
      await next.connect();
      await next.mailboxOpen(settings.mailbox, { readOnly: true });
    } catch (error) {
      next.close();
      if (!stopped) await failed(error);
      return null;
    } finally {
      opening = null;
    }
    if (state === 'refused' || state === 'unreachable')
      log({ level: 'info', msg: 'the replies mailbox is read again', host: settings.host });
    state = 'reading';
    client = next;
    return next;
  }

  async function disconnect() {
    const open = client;
    client = null;
    await open?.logout().catch(() => open.close());
  }

  async function sizesAfter(imap: ImapFlow, lastUid: number): Promise<Found[]> {
    const found: Found[] = [];
    // `N:*` names the last message even when its UID is below N: hence the filter.
    for await (const message of imap.fetch(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true })) {
      if (message.uid > lastUid) found.push({ uid: message.uid, size: message.size ?? 0 });
    }
    return found.sort((a, b) => a.uid - b.uid);
  }

  /** The header sections (BODY.PEEK[HEADER]) or the whole messages (BODY.PEEK[]) of these UIDs; one gone since is absent. */
  async function partsOf(imap: ImapFlow, uids: readonly number[], part: 'headers' | 'source'): Promise<Map<number, Buffer>> {
    const parts = new Map<number, Buffer>();
    if (uids.length === 0) return parts;
    for await (const message of imap.fetch(uids.join(','), { uid: true, [part]: true }, { uid: true })) {
      const bytes = message[part];
      if (bytes) parts.set(message.uid, bytes);
    }
    return parts;
  }

  /** One pass: everything after the cursor, in batches, while the turn is this instance's. */
  async function pass() {
    const turn = await takeTurn(store, key, holder);
    if (turn === null) {
      state = 'other-instance';
      await disconnect();
      return;
    }
    const imap = await connected();
    if (!imap || !imap.mailbox) return;
    // Dovecot tells a session of new mail at a NOOP (or in IDLE), not in the middle of a FETCH.
    await imap.noop();
    const uidValidity = String(imap.mailbox.uidValidity);
    const sameFolder = turn.uidValidity === uidValidity;
    let done = sameFolder ? turn.lastUid : 0;
    const failing = sameFolder && turn.failingUid !== null ? { uid: turn.failingUid, tries: turn.failedTries } : null;
    let skipped = 0;
    const counts = { answers: 0, automatic: 0, unmatched: 0, skipped: 0 };
    const cursorAt = (lastUid: number): CursorChange => ({ uidValidity, lastUid, skipped });
    const found = imap.mailbox.exists === 0 ? [] : await sizesAfter(imap, done);

    const skip = (uid: number, reason: string, tries?: number) => {
      skipped += 1;
      counts.skipped += 1;
      log({ level: 'warn', msg: 'a message in the replies mailbox was skipped', uid, reason, ...(tries !== undefined && { tries }) });
    };

    /** Failed tries per UID in this pass, from the cursor's record of the last pass's. */
    const failedTries = new Map(failing ? [[failing.uid, failing.tries]] : []);

    /**
     * Parses one message with `parse`, up to its tries; null once it is given up on. A whole message's try
     * (`countFirst`) is stored BEFORE it is parsed: one that brings the process down or hangs it is still given up
     * on after MAX_TRIES restarts. A header section is at most MAX_HEADER_BYTES and is counted only when it fails,
     * so that listing a full mailbox is not one write per message.
     */
    async function read<Parsed>(uid: number, parse: () => Promise<Parsed>, countFirst: boolean): Promise<Parsed | null> {
      let tries = failedTries.get(uid) ?? 0;
      const keep = (count: number) =>
        store.atomically((tx) => moveCursor(tx, key, { uidValidity, lastUid: done, failing: { uid, tries: count } }));
      for (;;) {
        if (tries >= MAX_TRIES) {
          skip(uid, 'unreadable', tries);
          failedTries.delete(uid);
          return null;
        }
        if (countFirst) await keep(tries + 1);
        try {
          return await parse();
        } catch (error) {
          if (!(error instanceof UnreadableMailError)) throw error;
          tries += 1;
          failedTries.set(uid, tries);
          if (!countFirst) await keep(tries);
        }
      }
    }

    for (const batch of batchesOf(found)) {
      if (stopped) return;
      // Which messages are answers, from their headers alone: most of a mailbox is not, and its bodies stay unread.
      const headers = await partsOf(
        imap,
        batch.map((message) => message.uid),
        'headers',
      );
      const answers: { uid: number; size: number; enquiry: EnquiryRecord; headers: MailHeaders }[] = [];
      for (const { uid, size } of batch) {
        const header = headers.get(uid);
        // Gone since it was listed (deleted by staff): nothing to read.
        const mail = header === undefined ? null : await read(uid, () => parseHeaders(header), false);
        const match = mail === null || mail.automatic ? null : await matchEnquiry(store, mail);
        if (mail?.automatic) counts.automatic += 1;
        else if (mail && !match) counts.unmatched += 1;
        if (match) answers.push({ uid, size, enquiry: match.enquiry, headers: mail! });
      }
      const fetched = answers.filter(({ size }) => size <= MAX_MESSAGE_BYTES).map(({ uid }) => uid);
      const sources = await partsOf(imap, fetched, 'source');
      for (const { uid, size, enquiry, headers: matched } of answers) {
        const tooLarge = size > MAX_MESSAGE_BYTES;
        if (tooLarge) skip(uid, 'too large');
        const raw = sources.get(uid);
        // Gone since it was listed (deleted by staff): nothing to read.
        if (raw === undefined && !tooLarge) continue;
        const parsedMail = raw === undefined ? null : await read(uid, () => parseMail(raw), true);
        // Not read, but an answer all the same: on record from its headers, and staff alerted.
        const mail = parsedMail ?? unreadAnswer(matched, size, tooLarge ? 'too large' : 'unreadable', raw);
        await recordAnswer(store, { enquiry, mail, cursorKey: key, cursor: cursorAt(uid), channels });
        counts.answers += 1;
        skipped = 0;
      }
      done = batch.at(-1)!.uid;
      await store.atomically((tx) => moveCursor(tx, key, cursorAt(done)));
      skipped = 0;
      if ((await takeTurn(store, key, holder)) === null) return;
    }
    // Also when nothing came: the cursor's time is when the mailbox was last read (the health details' readAt).
    if (found.length === 0) await store.atomically((tx) => moveCursor(tx, key, cursorAt(done)));
    else log({ level: 'info', msg: 'the replies mailbox was read', ...counts });
  }

  function readNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (queued) return running;
    queued = true;
    running = running.then(async () => {
      queued = false;
      if (stopped) return;
      try {
        await pass();
      } catch (error) {
        // A connection closed by stop() is no failure.
        if (stopped) return;
        log({ level: 'error', msg: 'the replies mailbox could not be read; trying again at the next look', error: errorKind(error) });
      }
    });
    return running;
  }

  const timer = setInterval(() => void readNow(), pollMs);
  timer.unref();
  void readNow();

  return {
    readNow,
    state: () => state,
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A fetch waiting on a slow server ends now rather than at its socket timeout; what the store was writing is written.
      (client ?? opening)?.close();
      await running;
      state = 'stopped';
      await disconnect();
      await endTurn(store, key, holder).catch(() => {});
    },
  };
}
