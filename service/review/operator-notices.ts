/**
 * Notices to the operator that are about no single enquiry (the daily digest,
 * the daily ceiling), through the alert channels' settings: an e-mail to
 * NOTIFY_EMAIL_TO, and for the ceiling a signed webhook POST too. Sent once,
 * not queued: the caller claims the day's notice first and gives the claim
 * back when the send fails, so a later try sends it.
 */
import nodemailer from 'nodemailer';
import type { AlertConfig } from '../config';
import { AUTOMATIC_EMAIL_HEADERS, smtpTransportUrl } from '../alerts/email-sender';
import { SIGNATURE_HEADER, signatureOf } from '../alerts/webhook-sender';

const TIMEOUT_MS = 10_000;

export interface NoticeMail {
  /** Only the service's own words and numbers: visitor text never goes into a header. */
  subject: string;
  text: string;
  html: string;
  /** Without the angle brackets' domain: `digest-2026-11-26`. */
  messageId: string;
}

export interface OperatorNotices {
  /** Whether e-mail notices are configured. */
  readonly canMail: boolean;
  /** Whether webhook notices are configured. */
  readonly canPost: boolean;
  /** Sends to NOTIFY_EMAIL_TO; throws when the server does not take it. False when e-mail is off. */
  mail(notice: NoticeMail): Promise<boolean>;
  /** POSTs `{ event, deliveryId, ...fields }`, signed; throws when the receiver refuses. False when the webhook is off. */
  webhook(event: string, deliveryId: string, fields: Record<string, unknown>): Promise<boolean>;
  close(): void;
}

export function createOperatorNotices(config: AlertConfig): OperatorNotices {
  const { email, webhook } = config;
  const transport = email
    ? nodemailer.createTransport({
        url: smtpTransportUrl(email.smtpUrl),
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      })
    : null;
  const domain = email ? (/@([^>\s]+)>?\s*$/.exec(email.from)?.[1] ?? 'localhost') : 'localhost';
  return {
    canMail: email !== null,
    canPost: webhook !== null,
    async mail({ subject, text, html, messageId }) {
      if (!transport || !email) return false;
      await transport.sendMail({
        from: email.from,
        to: email.to,
        subject,
        text,
        html,
        messageId: `<${messageId}@${domain}>`,
        headers: AUTOMATIC_EMAIL_HEADERS,
      });
      return true;
    },
    async webhook(event, deliveryId, fields) {
      if (!webhook) return false;
      const body = JSON.stringify({ event, deliveryId, ...fields });
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'teratai-wealth-alerts' };
      if (webhook.secret !== null) headers[SIGNATURE_HEADER] = signatureOf(body, webhook.secret, Date.now());
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`The webhook answered HTTP ${response.status}`);
      return true;
    },
    close: () => transport?.close(),
  };
}
