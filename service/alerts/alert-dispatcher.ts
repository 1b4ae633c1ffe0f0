/**
 * Sends the store's pending alerts, after the visitor's 201 and never in its
 * way: woken when an enquiry's alerts are on disk, and by a timer for the
 * next retry. Each alert has its own back-off, so one that keeps failing
 * never holds up the others, and they go oldest first. stop() lets the sends
 * in flight finish and records them, so a graceful stop sends nothing twice
 * (unless a server takes longer than stopWaitMs to answer).
 */
import { performance } from 'node:perf_hooks';
import type { AlertRecord, EnquiryRecord, OperatorAlertRecord } from '../records';
import type { Log } from '../log';
import { isOperatorAlert, type AlertQueue } from '../store-interface';
import { afterAttempt, DEFAULT_RETRY_POLICY, type AlertLife, type RetryPolicy, type SendOutcome } from './alert-records';
import { describeError, sends, type OutboxSender } from './alert-sender';

/** Sends at once, across channels: enough for a burst, gentle on a small mail server. */
const DEFAULT_CONCURRENCY = 4;
/**
 * Sending an alert costs CPU (a connection, the message) that visitors'
 * requests need more: while the event loop has been busier than this share of
 * the last moment, one alert goes at a time, with a pause after each. They
 * are on disk already; a flood delays them by seconds, never stops them.
 */
const BUSY_UTILIZATION = 0.5;
const BUSY_PAUSE_MS = 250;
/** The longest sleep between looks at the store, for alerts that another process made due (`alerts retry`). */
const IDLE_POLL_MS = 30_000;
/**
 * At a stop, how long the sends in flight may take to be answered. A mail
 * server that hangs would otherwise hold the stop for its timeouts (up to 40 s),
 * past the 10 s a container platform waits before it kills the process. A
 * send cut short is recorded as a temporary failure and goes again at the next
 * start (with the same Message-ID and delivery id, in case it had arrived).
 */
const STOP_WAIT_MS = 5_000;
const INTERRUPTED = 'the service stopped before the server answered; it is sent again at the next start';

export interface AlertDispatcherOptions {
  store: AlertQueue;
  senders: readonly OutboxSender[];
  log: Log;
  retry?: RetryPolicy;
  concurrency?: number;
  /**
   * The longest sleep between looks at the store (default 30 s). A store shared
   * by several instances sets it lower: onAlertsAdded() hears only this
   * instance's enquiries, and the poll finds the others' left behind by one that stopped.
   */
  idlePollMs?: number;
  /** At a stop, how long sends in flight may take (default 5 s). */
  stopWaitMs?: number;
  now?: () => Date;
}

export interface AlertDispatcher {
  /** Stops taking alerts, waits for the sends in flight (at most stopWaitMs) and records them. */
  stop(): Promise<void>;
}

function notConfigured(alert: Pick<AlertRecord, 'channel' | 'kind'>): string {
  if (alert.kind === 'acknowledgement')
    return 'acknowledgements are not configured now: set SMTP_URL and ACK_EMAIL_FROM, then run `alerts retry`';
  if (alert.kind === 'reply')
    return 'replies by e-mail are not configured now: set SMTP_URL and REPLY_EMAIL_FROM (or ACK_EMAIL_FROM), then run `alerts retry`';
  return alert.channel === 'email'
    ? 'e-mail alerts are not configured now: set SMTP_URL, NOTIFY_EMAIL_TO and NOTIFY_EMAIL_FROM, then run `alerts retry`'
    : 'webhook alerts are not configured now: set NOTIFY_WEBHOOK_URL, then run `alerts retry`';
}

/** Whether the event loop was busier than BUSY_UTILIZATION over the last sample window. */
function busyGauge(windowMs = 200): () => boolean {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let isBusy = false;
  return () => {
    if (performance.now() - lastAt < windowMs) return isBusy;
    const current = performance.eventLoopUtilization();
    isBusy = performance.eventLoopUtilization(current, last).utilization > BUSY_UTILIZATION;
    last = current;
    lastAt = performance.now();
    return isBusy;
  };
}

export function startAlertDispatcher({
  store,
  senders,
  log,
  retry = DEFAULT_RETRY_POLICY,
  concurrency = DEFAULT_CONCURRENCY,
  idlePollMs = IDLE_POLL_MS,
  stopWaitMs = STOP_WAIT_MS,
  now = () => new Date(),
}: AlertDispatcherOptions): AlertDispatcher {
  const startedAt = now();
  const inFlight = new Set<Promise<void>>();
  const busy = busyGauge();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  let stopping = false;
  let interrupt = () => {};
  const interrupted = new Promise<SendOutcome>((resolve) => {
    interrupt = () => resolve({ kind: 'temporary', error: INTERRUPTED });
  });

  /** Records an attempt's outcome and logs it, the same for both kinds of alert; `about` names what it was about. */
  async function settle<Alert extends AlertLife & { id: string }>(
    alert: Alert,
    outcome: SendOutcome,
    record: (updated: Alert) => Promise<void>,
    about: Record<string, unknown>,
  ): Promise<void> {
    const updated = afterAttempt(alert, outcome, now(), retry);
    try {
      await record(updated);
    } catch (error) {
      // Still pending on disk: it is sent again later, with the same Message-ID and delivery id.
      log({ level: 'error', msg: 'alert outcome not recorded', alertId: alert.id, error: describeError(error) });
    }
    log({
      level: updated.status === 'sent' ? 'info' : 'warn',
      msg: 'alert',
      channel: alert.channel,
      ...about,
      alertId: alert.id,
      status: updated.status,
      attempts: updated.attempts,
      ...(outcome.kind === 'sent' ? {} : { error: outcome.error, nextAttemptAt: updated.nextAttemptAt }),
    });
  }

  /** An operator alert (./operator-alerts.ts): the same retries and log line, no enquiry. */
  async function attemptOperator(alert: OperatorAlertRecord): Promise<void> {
    const sender = senders.find((candidate) => candidate.channel === alert.channel && candidate.sendOperator);
    const outcome: SendOutcome = sender?.sendOperator
      ? await Promise.race([sender.sendOperator(alert), interrupted])
      : { kind: 'permanent', error: notConfigured(alert) };
    await settle(alert, outcome, (updated) => store.recordAlert(updated), { kind: 'operator', key: alert.key });
  }

  async function attempt({ alert, enquiry }: { alert: AlertRecord; enquiry: EnquiryRecord | null }): Promise<void> {
    const sender = senders.find((candidate) => sends(candidate, alert));
    let outcome: SendOutcome;
    if (enquiry === null) outcome = { kind: 'permanent', error: 'the enquiry was deleted before its alert was sent' };
    else if (!sender) outcome = { kind: 'permanent', error: notConfigured(alert) };
    else outcome = await Promise.race([sender.send(alert, enquiry), interrupted]);
    await settle(alert, outcome, (updated) => store.recordAlert(updated), { kind: alert.kind ?? 'enquiry', enquiryId: alert.enquiryId });
  }

  function schedule(delayMs: number): void {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(pump, Math.max(0, Math.min(delayMs, idlePollMs)));
  }

  /** Takes as many due alerts as there is room for; runs one at a time, and again if woken meanwhile. */
  async function pump(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    let drained = false;
    try {
      do {
        again = false;
        const room = (busy() ? 1 : concurrency) - inFlight.size;
        if (stopping || room <= 0) break;
        const claimed = await store.claimDueAlerts(now(), startedAt, room);
        drained = claimed.length < room;
        const attempts = claimed.map(
          (item) => () =>
            isOperatorAlert(item.alert)
              ? attemptOperator(item.alert)
              : attempt(item as { alert: AlertRecord; enquiry: EnquiryRecord | null }),
        );
        for (const send of attempts) {
          const sending: Promise<void> = send().finally(() => {
            inFlight.delete(sending);
            if (!stopping && busy()) schedule(BUSY_PAUSE_MS);
            else if (!stopping) void pump();
          });
          inFlight.add(sending);
        }
      } while (again);
    } catch (error) {
      drained = true;
      log({ level: 'error', msg: 'alerts could not be read', error: describeError(error) });
    } finally {
      running = false;
    }
    // While the senders are busy, each finished send pumps again: only an empty queue needs the timer.
    if (!drained) return;
    const next = await store.nextAlertDueAt().catch(() => null);
    schedule(next === null ? idlePollMs : next.getTime() - now().getTime());
  }

  const unsubscribe = store.onAlertsAdded(() => void pump());
  void pump();

  return {
    async stop() {
      stopping = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      const cutOff = setTimeout(interrupt, stopWaitMs);
      while (inFlight.size > 0) await Promise.all(inFlight);
      clearTimeout(cutOff);
      for (const sender of senders) sender.close();
    },
  };
}
