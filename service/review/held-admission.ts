/**
 * Whether a post that would be held for review may be stored. A record the
 * visitor was told is sent is removed only by staff, by the visitor's own
 * deletion request, or by retention: never to make room. So the held queue is
 * kept bounded by refusing to store, for every hold reason (the daily
 * ceiling's included):
 * - when the queue is full: HELD_LIMIT records or HELD_BYTES_LIMIT bytes
 *   (figures measured in docs/service.md, "Held for review");
 * - when the post's client already had HELD_PER_CLIENT records held in the
 *   last day (IPv4 address or IPv6 /64), or HELD_PER_SITE for an IPv6 /48
 *   (../middleware/rate-limit-key.ts rateLimitKeys).
 * The refused visitor is answered so (the route names the firm's e-mail and
 * WhatsApp), and the operator hears of it through the alert outbox: once an
 * hour when the queue passes HELD_ALERT_SHARE, once an hour when posts are
 * refused for a full queue or past the daily ceiling.
 *
 * How close to exact: the store gives the counts, this module decides, and
 * the store writes. Within one instance every post that may be held goes
 * through one queue (`serial`): read the counts, store, count the client,
 * one post at a time, so one instance never overshoots. Across PostgreSQL
 * instances each serialises its own: N instances can overshoot a limit by at
 * most N - 1 records (each may read the same count before the others
 * commit), and the per-client counts are shared in the rate_limits table
 * (rate-limiter-flexible, as sign-in limits are), so they overshoot the same
 * way at most. Posts that are not held (most) neither wait for the queue
 * nor read the counts: so the first post held for the daily ceiling in a
 * day, on each instance, is stored unchecked (one record past a limit at
 * most); from then until the day ends every post of that instance is checked.
 */
import type pg from 'pg';
import { hourKey, raiseOperatorNotice } from '../alerts/operator-alerts';
import type { Log } from '../log';
import { countWithin, sharedCounter } from '../middleware/shared-counter';
import { utcDay, type AlertChannel } from '../records';
import { NoRoomToHoldError, type HeldUsage, type Store, type SubmitOptions, type SubmitResult } from '../store-interface';
import { HELD_LIMIT } from '../store-rules';

/**
 * The held queue's size in bytes of text: a flood of the longest posts
 * (about 16 KB each in UTF-8) fills it at about 270 records, a flood of
 * ordinary ones (about 0.4 KB) reaches the record limit first
 * (`npm run bench:held-flood`).
 */
export const HELD_BYTES_LIMIT = 4 * 1024 * 1024;
/** Held records a day from one client (IPv4 address, IPv6 /64): a real visitor resends a few times at most. */
export const HELD_PER_CLIENT = 5;
/** Held records a day from one IPv6 /48, a whole site (an office, a campus) with many /64s. */
export const HELD_PER_SITE = 20;
const CLIENT_WINDOW_S = 24 * 60 * 60;
/** From this share of either limit the operator is told, once an hour. */
export const HELD_ALERT_SHARE = 0.8;

export interface HeldAdmission {
  /**
   * Stores the submission through `submit`, telling the store whether there
   * is room to hold it; throws NoRoomToHoldError (nothing stored) when it
   * would be held and there is none. `clientKeys`: rateLimitKeys() of the post.
   */
  submit(
    clientKeys: readonly string[],
    options: SubmitOptions,
    submit: (options: SubmitOptions) => Promise<SubmitResult>,
  ): Promise<SubmitResult>;
}

export interface HeldAdmissionOptions {
  store: Pick<Store, 'heldUsage' | 'atomically' | 'tally'>;
  /** Where every instance counts clients together; in memory without it. */
  pool?: pg.Pool;
  /** The channels operator alerts go to. */
  alertChannels: readonly AlertChannel[];
  log: Log;
  /** Tests set smaller limits; the service uses the constants above. */
  limits?: { records: number; bytes: number };
}

const isFull = (usage: HeldUsage, limits: { records: number; bytes: number }, share = 1) =>
  usage.records >= limits.records * share || usage.bytes >= limits.bytes * share;

export function createHeldAdmission({
  store,
  pool,
  alertChannels,
  log,
  limits = { records: HELD_LIMIT, bytes: HELD_BYTES_LIMIT },
}: HeldAdmissionOptions): HeldAdmission {
  // The first key is the client's own (address or /64), a second its IPv6 /48.
  const counters = [
    sharedCounter({ keyPrefix: 'held-per-client', points: HELD_PER_CLIENT, duration: CLIENT_WINDOW_S }, pool),
    sharedCounter({ keyPrefix: 'held-per-site', points: HELD_PER_SITE, duration: CLIENT_WINDOW_S }, pool),
  ];
  let serial: Promise<unknown> = Promise.resolve();
  /** The UTC day on which a post was held for the ceiling: until it ends, any post may be held. */
  let ceilingDay: string | null = null;

  async function clientHasRoom(clientKeys: readonly string[]): Promise<boolean> {
    const used = await Promise.all(clientKeys.map((key, index) => counters[Math.min(index, 1)]!.get(key)));
    return used.every((result, index) => (result?.consumedPoints ?? 0) < (index === 0 ? HELD_PER_CLIENT : HELD_PER_SITE));
  }

  /** The record is stored: a count already past its points (a post stored unchecked) only stays past them. */
  async function countClient(clientKeys: readonly string[]): Promise<void> {
    await Promise.all(clientKeys.map((key, index) => countWithin(counters[Math.min(index, 1)]!, key)));
  }

  /** Queues an operator alert at most once an hour. */
  async function tell(notice: string, event: string, subject: string, text: string) {
    const now = new Date();
    await raiseOperatorNotice(
      { store, alertChannels, log },
      { key: hourKey(notice, now), event, subject, text },
      { queued: { msg: subject }, failed: { msg: 'an operator alert could not be queued', notice } },
      now,
    );
  }

  const describe = (usage: HeldUsage) =>
    `${usage.records.toLocaleString('en')} of ${limits.records.toLocaleString('en')} records, ` +
    `${Math.round(usage.bytes / 1024).toLocaleString('en')} of ${Math.round(limits.bytes / 1024).toLocaleString('en')} KB`;

  /** `check`: read the counts first; without it, what is held is stored (the first post past the ceiling in a day). */
  async function admit(
    clientKeys: readonly string[],
    options: SubmitOptions,
    submit: (options: SubmitOptions) => Promise<SubmitResult>,
    check: boolean,
  ) {
    const usage = check ? await store.heldUsage() : null;
    const queueFull = usage !== null && isFull(usage, limits);
    const mayHold = usage === null || (!queueFull && (await clientHasRoom(clientKeys)));
    let result: SubmitResult;
    try {
      result = await submit({ ...options, mayHold });
    } catch (error) {
      if (!(error instanceof NoRoomToHoldError)) throw error;
      await store.tally('held-refused', new Date());
      if (queueFull || error.reason === 'daily-ceiling') {
        await tell(
          'held-refused',
          'held.refused',
          'Posts are refused: the held-for-review queue is full or the daily ceiling is passed',
          [
            `A post that would have been held for review (${error.reason}) was refused: the held queue holds ${describe(usage!)}.`,
            'The visitor was told to write by e-mail or WhatsApp instead. Nothing stored was deleted.',
            'Review the held records (npm run enquiries -- spam, or the inbox under Held for review): release the real ones and delete the rest, which makes room.',
            'This alert is sent at most once an hour.',
            '',
          ].join('\n'),
        );
      }
      throw error;
    }
    if (result.outcome === 'created' && 'reason' in result.record) {
      if (result.record.reason === 'daily-ceiling') ceilingDay = utcDay(new Date());
      await countClient(clientKeys);
      // One record's bytes (at most 16 KB) are within the rounding.
      const after = usage === null ? await store.heldUsage() : { ...usage, records: usage.records + 1 };
      if (isFull(after, limits, HELD_ALERT_SHARE)) {
        await tell(
          'held-80pct',
          'held.nearly-full',
          `The held-for-review queue is over ${HELD_ALERT_SHARE * 100}% full`,
          [
            `The held-for-review queue holds ${describe(after)}.`,
            'When it is full, posts that would be held are refused (the visitor is told to write by e-mail or WhatsApp); nothing held is deleted.',
            'Review the held records (npm run enquiries -- spam, or the inbox under Held for review): release the real ones and delete the rest.',
            'This alert is sent at most once an hour.',
            '',
          ].join('\n'),
        );
      }
    }
    return result;
  }

  return {
    submit(clientKeys, options, submit) {
      if (options.holdFor === undefined && !options.dailyCeiling) return submit(options); // nothing can be held
      const mayBeHeld = options.holdFor !== undefined || ceilingDay === utcDay(new Date());
      if (!mayBeHeld) return admit(clientKeys, options, submit, false);
      const turn = serial.then(() => admit(clientKeys, options, submit, true));
      serial = turn.catch(() => {});
      return turn;
    },
  };
}
