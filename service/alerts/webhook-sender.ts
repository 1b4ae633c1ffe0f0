/**
 * Alerts by webhook: a JSON POST per enquiry. Each attempt is signed afresh,
 * as Stripe does, `Teratai-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`: the time is signed with the body, so a receiver that
 * refuses an old `t` cannot be sent a captured delivery again later. The
 * alert's id is the body's `deliveryId`, the same on every retry and covered
 * by the signature, so that a receiver can drop a copy it already has
 * (docs/examples/webhook-receiver.mjs).
 */
import { createHmac } from 'node:crypto';
import type { AlertConfig } from '../config';
import type { AlertKind, EnquiryRecord } from '../records';
import { webhookPayload, type WebhookEvent } from './alert-message';
import type { SendOutcome } from './alert-records';
import { describeError, type AlertSender } from './alert-sender';

export const SIGNATURE_HEADER = 'Teratai-Signature';
const REQUEST_TIMEOUT_MS = 10_000;
/** What of a refusal's body goes into the alert's last error. */
const ERROR_BODY_CHARS = 200;
/** Worth another try: the receiver timed out, is throttling, or is failing for now. */
const TEMPORARY_STATUSES = new Set([408, 429]);

export function signatureOf(body: string, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

async function outcomeOfResponse(response: Response): Promise<SendOutcome> {
  const said = `HTTP ${response.status}`;
  if (response.ok) return { kind: 'sent', response: said };
  const body = (await response.text().catch(() => '')).trim().slice(0, ERROR_BODY_CHARS);
  const error = body ? `${said}: ${body}` : said;
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    return {
      kind: 'permanent',
      error: `${said}: the webhook redirects${location ? ` to ${location}` : ''}; set NOTIFY_WEBHOOK_URL to the final address`,
    };
  }
  if (response.status >= 500 || TEMPORARY_STATUSES.has(response.status)) return { kind: 'temporary', error };
  return { kind: 'permanent', error };
}

function eventOf(kind: AlertKind | undefined): WebhookEvent {
  if (kind === 'reminder') return 'enquiry.reminder';
  return kind === 'answer' ? 'enquiry.answer' : 'enquiry.created';
}

export function createWebhookSender(config: NonNullable<AlertConfig['webhook']>, now: () => number = Date.now): AlertSender {
  async function deliver(event: WebhookEvent, deliveryId: string, enquiry: EnquiryRecord): Promise<SendOutcome> {
    return post(JSON.stringify(webhookPayload(event, deliveryId, enquiry)));
  }

  async function post(body: string): Promise<SendOutcome> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'teratai-wealth-alerts',
    };
    if (config.secret !== null) headers[SIGNATURE_HEADER] = signatureOf(body, config.secret, now());
    try {
      const response = await fetch(config.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return await outcomeOfResponse(response);
    } catch (error) {
      const cause = (error as Error).cause;
      return { kind: 'temporary', error: cause ? `${describeError(error)} (${describeError(cause)})` : describeError(error) };
    }
  }

  return {
    channel: 'webhook',
    send: (alert, enquiry) => deliver(eventOf(alert.kind), alert.id, enquiry),
    sendTest: (enquiry) => deliver('alert.test', enquiry.id, enquiry),
    sendOperator: ({ event, id, key, subject, text }) => post(JSON.stringify({ event, deliveryId: id, key, subject, text })),
    close: () => {},
  };
}
