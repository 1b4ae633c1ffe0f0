/** The senders the settings turn on: none, e-mail, webhook, or both; and the visitor's acknowledgement. */
import type { AlertConfig } from '../config';
import type { AlertChannel } from '../records';
import type { Store } from '../store-interface';
import { createReplySender, type ReplyStore } from '../replies/reply-sender';
import { createAcknowledgementSender } from './acknowledgement-sender';
import type { AlertSender, OutboxSender } from './alert-sender';
import { createEmailSender } from './email-sender';
import { createWebhookSender } from './webhook-sender';

/** `store`: where the e-mail sender reads an answer alert's answer (to say it came from another address). */
export function createAlertSenders(config: AlertConfig, store?: Pick<Store, 'find'>): AlertSender[] {
  const senders: AlertSender[] = [];
  if (config.email) senders.push(createEmailSender(config.email, config.timeZone, store));
  if (config.webhook) senders.push(createWebhookSender(config.webhook));
  return senders;
}

/**
 * Everything the outbox sends: the operator's alerts; when ACK_EMAIL_FROM is
 * set, the acknowledgements; when replies are configured and `store` is
 * given (they are read from it), the staff's replies.
 */
export function createOutboxSenders(config: AlertConfig, store?: ReplyStore): OutboxSender[] {
  const acknowledgement = config.acknowledgement ? [createAcknowledgementSender(config.acknowledgement)] : [];
  const reply = config.reply && store ? [createReplySender(config.reply, store)] : [];
  return [...createAlertSenders(config, store), ...acknowledgement, ...reply];
}

/** Whether each accepted enquiry gets an acknowledgement queued with it. */
export function acknowledges(config: AlertConfig): boolean {
  return Boolean(config.acknowledgement);
}

export function configuredChannels(config: AlertConfig): AlertChannel[] {
  return [...(config.email ? (['email'] as const) : []), ...(config.webhook ? (['webhook'] as const) : [])];
}

/** One line for the operator at start when something about alerts needs saying; null when all is well. */
export function alertSettingsNotice(config: AlertConfig): string | null {
  if (!config.email && !config.webhook) {
    return 'Alerts are off: nobody is told about new enquiries. Set SMTP_URL, NOTIFY_EMAIL_TO and NOTIFY_EMAIL_FROM for e-mail, or NOTIFY_WEBHOOK_URL for a webhook (see the README).';
  }
  if (config.webhook && config.webhook.secret === null) {
    return 'Webhook alerts are not signed: set NOTIFY_WEBHOOK_SECRET so that the receiver can check they come from this service.';
  }
  return null;
}
