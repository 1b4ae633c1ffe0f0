/**
 * Alerts by e-mail over SMTP with nodemailer. Reply-To is the visitor's bare
 * address, so the operator answers with one click, and no display name the
 * visitor chose can make it look like another; the Message-ID comes from the
 * enquiry's id, so a copy sent twice (after a crash between the send and
 * its record) is one message in the operator's mail client.
 */
import nodemailer from 'nodemailer';
import type { AlertConfig } from '../config';
import { isLoopbackHost } from '../loopback-host';
import type { EnquiryRecord } from '../records';
import type { Store } from '../store-interface';
import {
  alertHtml,
  alertSubject,
  alertText,
  answerHtml,
  answerSubject,
  answerText,
  operatorAlertHtml,
  reminderHtml,
  reminderSubject,
  reminderText,
} from './alert-message';
import type { SendOutcome } from './alert-records';
import { describeError, type AlertSender } from './alert-sender';
import { domainOf } from '../replies/mail-address';

const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/** On every e-mail the service sends by itself (RFC 3834): an out-of-office reply must not go to the Reply-To. */
export const AUTOMATIC_EMAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

/** Without an SMTP reply code, these say the settings are wrong: retrying will not help. */
const SETTINGS_ERRORS = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'EENVELOPE']);

export type SmtpError = Error & { code?: string; responseCode?: number; permanent?: boolean; response?: string };

export function outcomeOfError(error: SmtpError): SendOutcome {
  const text = error.response ? `${describeError(error)} (${error.response})` : describeError(error);
  if (error.permanent === true) return { kind: 'permanent', error: text };
  if (error.responseCode === undefined && error.code !== undefined && SETTINGS_ERRORS.has(error.code)) {
    return { kind: 'permanent', error: text };
  }
  return { kind: 'temporary', error: text };
}

/**
 * The connection URL nodemailer gets. `smtp://` to another machine requires
 * STARTTLS, as if `?requireTLS=true` were given (whatever the URL says):
 * otherwise a server without it, or someone in the path who strips it from
 * the server's answer, gets the password and every enquiry in clear text.
 * Loopback (a local relay, the tests) keeps plain SMTP.
 */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' || isLoopbackHost(url.hostname)) return smtpUrl;
  url.searchParams.set('requireTLS', 'true');
  return url.href;
}

/** A connection to the mail server at `smtpUrl`, with timeouts that keep a hung server from holding an alert for long. */
export function smtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpTransportUrl(smtpUrl),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
}

/**
 * `store`: where an answer alert finds its answer (the message of the same time, record-answer.ts), to say when it
 * came from another address than the enquiry's; without it, an answer alert says nothing of its sender.
 */
export function createEmailSender(config: NonNullable<AlertConfig['email']>, timeZone: string, store?: Pick<Store, 'find'>): AlertSender {
  const transport = smtpTransport(config.smtpUrl);
  const domain = domainOf(config.from);

  async function fromAnotherAddress(enquiryId: string, answeredAt: string): Promise<boolean> {
    const messages = store ? await store.find('messages', { enquiryId }) : [];
    return messages.some((message) => message.kind === 'answer' && message.createdAt === answeredAt && message.otherAddress === true);
  }

  interface Mail {
    subject: string;
    text: string;
    html: string;
    messageId: string;
    /** A reminder is a reply in the enquiry's thread, after its alert. */
    inReplyTo?: string;
    date: Date;
  }

  const alertMessageId = (enquiry: EnquiryRecord) => `<enquiry-${enquiry.id}@${domain}>`;

  async function deliver(enquiry: EnquiryRecord, mail: Mail): Promise<SendOutcome> {
    try {
      const info = await transport.sendMail({
        from: config.from,
        to: config.to,
        // An object, not a string: nodemailer would parse a string as an address list.
        replyTo: { name: '', address: enquiry.email },
        ...mail,
        ...(mail.inReplyTo && { references: mail.inReplyTo }),
        headers: AUTOMATIC_EMAIL_HEADERS,
      });
      return { kind: 'sent', response: info.response };
    } catch (error) {
      return outcomeOfError(error as SmtpError);
    }
  }

  return {
    channel: 'email',
    send: (alert, enquiry) => {
      if (alert.kind === 'answer') {
        return fromAnotherAddress(enquiry.id, alert.createdAt).then(
          (otherAddress) =>
            deliver(enquiry, {
              subject: answerSubject(enquiry, otherAddress),
              text: answerText(enquiry, timeZone, alert.createdAt, otherAddress),
              html: answerHtml(enquiry, timeZone, alert.createdAt, otherAddress),
              messageId: `<answer-${alert.id}@${domain}>`,
              inReplyTo: alertMessageId(enquiry),
              date: new Date(alert.createdAt),
            }),
          (error: unknown): SendOutcome => ({ kind: 'temporary', error: `the answer could not be read: ${describeError(error)}` }),
        );
      }
      if (alert.kind !== 'reminder') {
        const [text, html] = [alertText(enquiry, timeZone), alertHtml(enquiry, timeZone)];
        return deliver(enquiry, {
          subject: alertSubject(enquiry),
          text,
          html,
          messageId: alertMessageId(enquiry),
          date: new Date(enquiry.createdAt),
        });
      }
      const now = new Date();
      return deliver(enquiry, {
        subject: reminderSubject(enquiry, now),
        text: reminderText(enquiry, timeZone, now),
        html: reminderHtml(enquiry, timeZone, now),
        messageId: `<reminder-${alert.id}@${domain}>`,
        inReplyTo: alertMessageId(enquiry),
        date: new Date(alert.createdAt),
      });
    },
    sendTest: (enquiry) =>
      deliver(enquiry, {
        subject: `Test alert: ${alertSubject(enquiry)}`,
        text: alertText(enquiry, timeZone),
        html: alertHtml(enquiry, timeZone),
        messageId: `<test-${enquiry.id}@${domain}>`,
        date: new Date(enquiry.createdAt),
      }),
    async sendOperator(alert) {
      // No Reply-To: it is about no visitor. Only the service's words in the subject; the digest's text quotes visitors, escaped in the HTML.
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: config.to,
          subject: alert.subject,
          text: alert.text,
          html: operatorAlertHtml(alert.text),
          messageId: `<operator-${alert.key}@${domain}>`,
          date: new Date(alert.createdAt),
          headers: AUTOMATIC_EMAIL_HEADERS,
        });
        return { kind: 'sent', response: info.response };
      } catch (error) {
        return outcomeOfError(error as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}
