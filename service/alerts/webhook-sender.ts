/**
 * Alerts by webhook: a JSON POST per enquiry. The raw body is signed as
 * `X-Signature-256: sha256=<hex HMAC-SHA256>` (GitHub's convention), and the
 * alert's id goes in X-Delivery-Id, the same on every retry, so that a
 * receiver can drop a copy it already has.
 */
import { createHmac } from 'node:crypto';
import type { AlertConfig } from '../config';
import type { EnquiryRecord } from '../records';
import { webhookPayload, type WebhookEvent } from './alert-message';
import type { SendOutcome } from './alert-records';
import { describeError, type AlertSender } from './alert-sender';

export const SIGNATURE_HEADER = 'X-Signature-256';
export const DELIVERY_ID_HEADER = 'X-Delivery-Id';
const REQUEST_TIMEOUT_MS = 10_000;
/** What of a refusal's body goes into the alert's last error. */
const ERROR_BODY_CHARS = 200;
/** Worth another try: the receiver timed out, is throttling, or is failing for now. */
const TEMPORARY_STATUSES = new Set([408, 429]);

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function outcomeOfResponse(response: Response): Promise<SendOutcome> {
  const said = `HTTP ${response.status}`;
  if (response.ok) return { kind: 'sent', response: said };
  const body = (await response.text().catch(() => '')).trim().slice(0, ERROR_BODY_CHARS);
  const error = body ? `${said}: ${body}` : said;
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    return { kind: 'permanent', error: `${said}: the webhook redirects${location ? ` to ${location}` : ''}; set NOTIFY_WEBHOOK_URL to the final address` };
  }
  if (response.status >= 500 || TEMPORARY_STATUSES.has(response.status)) return { kind: 'temporary', error };
  return { kind: 'permanent', error };
}

export function createWebhookSender(config: NonNullable<AlertConfig['webhook']>): AlertSender {
  async function deliver(event: WebhookEvent, deliveryId: string, enquiry: EnquiryRecord): Promise<SendOutcome> {
    const body = JSON.stringify(webhookPayload(event, deliveryId, enquiry));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'teratai-wealth-alerts',
      [DELIVERY_ID_HEADER]: deliveryId,
    };
    if (config.secret !== null) headers[SIGNATURE_HEADER] = signatureOf(body, config.secret);
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
    send: (alert, enquiry) => deliver('enquiry.created', alert.id, enquiry),
    sendTest: (enquiry) => deliver('alert.test', enquiry.id, enquiry),
    close: () => {},
  };
}
