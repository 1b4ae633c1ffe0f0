/**
 * Sends a staff reply the outbox hands over (an alert of kind `reply`, whose
 * message record has the alert's id). The message is built once into its
 * raw bytes (signed with DKIM when configured) and those very bytes are sent,
 * so the SHA-256 on record is of what left. The bytes depend only on the
 * stored record and the thread before it: an attempt after a crash sends the
 * same message, with the same Message-ID, and a record that already has its
 * hash was sent, and is not sent again.
 */
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { enquiryReference } from '../../contract/reference';
import type { SendOutcome } from '../alerts/alert-records';
import { describeError, type OutboxSender } from '../alerts/alert-sender';
import { outcomeOfError, smtpTransport, type SmtpError } from '../alerts/email-sender';
import type { ReplyConfig } from '../config';
import { LOCALES } from '../../contract/locales';
import { type EnquiryRecord, localeOf, type MessageRecord } from '../records';
import type { Store } from '../store-interface';
import { recordReplySent } from './reply-sent';
import { addressOf } from './mail-address';
import { acknowledgementMessageId, replyToAddress } from './reply-mail';

/** What the sender reads and writes: the thread, the enquiry's acknowledgements, and the record of a send. */
export type ReplyStore = Pick<Store, 'get' | 'find' | 'atomically'>;

/** The Message-IDs a reply refers to: the acknowledgements sent, then every message of the thread before it. */
export async function threadReferences(store: ReplyStore, config: ReplyConfig, message: MessageRecord): Promise<string[]> {
  const [alerts, thread] = await Promise.all([
    store.find('alerts', { enquiryId: message.enquiryId }),
    store.find('messages', { enquiryId: message.enquiryId }),
  ]);
  const acknowledgements =
    config.acknowledgementFrom === null
      ? []
      : alerts
          .filter((alert) => alert.kind === 'acknowledgement' && alert.status === 'sent')
          .map((alert) => acknowledgementMessageId(alert.id, config.acknowledgementFrom!));
  // Only what came before it: an answer read after it was queued must not change the bytes of an attempt after a crash.
  const at = thread.findIndex((other) => other.id === message.id);
  const before = at === -1 ? thread.filter((other) => other.createdAt < message.createdAt) : thread.slice(0, at);
  return [...acknowledgements, ...before.flatMap((other) => (other.messageId ? [other.messageId] : []))];
}

/** The message's raw bytes, as they are sent. */
export async function rawReply(config: ReplyConfig, message: MessageRecord, enquiry: EnquiryRecord, references: string[]): Promise<Buffer> {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...(config.dkim && { dkim: config.dkim }),
  });
  const info = await composer.sendMail({
    from: config.from,
    // Objects, not strings: nodemailer would parse a string as an address list.
    to: { name: '', address: enquiry.email },
    replyTo: { name: '', address: replyToAddress(config.from, enquiry.id, config.plusAddressing) },
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    date: new Date(message.createdAt),
    ...(references.length > 0 && { inReplyTo: references.at(-1), references }),
    headers: { 'Content-Language': LOCALES[localeOf(enquiry)].htmlLang },
  });
  return info.message as Buffer;
}

export function createReplySender(config: ReplyConfig, store: ReplyStore): OutboxSender {
  const transport = smtpTransport(config.smtpUrl);
  return {
    channel: 'email',
    kinds: ['reply'],
    async send(alert, enquiry): Promise<SendOutcome> {
      const message = await store.get('messages', alert.id).catch(() => undefined);
      if (message === undefined) return { kind: 'temporary', error: 'the reply could not be read from the store' };
      if (message === null) return { kind: 'permanent', error: 'the reply was deleted before it was sent' };
      if (message.sha256 !== undefined) return { kind: 'sent', response: 'sent before (its hash is on record)' };
      let raw: Buffer;
      try {
        raw = await rawReply(config, message, enquiry, await threadReferences(store, config, message));
      } catch (error) {
        return { kind: 'temporary', error: `the reply could not be built: ${(error as Error).message}` };
      }
      let info;
      try {
        info = await transport.sendMail({ envelope: { from: addressOf(config.from), to: [enquiry.email] }, raw });
      } catch (error) {
        return outcomeOfError(error as SmtpError);
      }
      const sha256 = createHash('sha256').update(raw).digest('hex');
      // Sent either way: trying again would send it twice. The thread then shows it sent without its hash.
      const unrecorded = await recordReplySent(store, message, enquiry, sha256).then(
        () => '',
        (error: unknown) => `; its hash and status were not recorded: ${describeError(error)}`,
      );
      return { kind: 'sent', response: `${info.response} (${enquiryReference(enquiry.id)}, SHA-256 ${sha256})${unrecorded}` };
    },
    close: () => transport.close(),
  };
}
