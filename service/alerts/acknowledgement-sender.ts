/**
 * Sends the acknowledgement (./acknowledgement-message.ts) to the address the
 * visitor gave, over the alerts' SMTP connection settings, as an automatic
 * reply (RFC 3834), so that the visitor's out-of-office does not answer it.
 * The Message-ID comes from the alert's id: a copy sent twice (after a crash
 * between the send and its record) is one message in the visitor's mail client.
 */
import type { AcknowledgementConfig } from '../config';
import { acknowledgementMail } from './acknowledgement-message';
import type { OutboxSender } from './alert-sender';
import { acknowledgementMessageId } from '../replies/reply-mail';
import { outcomeOfError, smtpTransport, type SmtpError } from './email-sender';

export function createAcknowledgementSender(config: AcknowledgementConfig): OutboxSender {
  const transport = smtpTransport(config.smtpUrl);
  return {
    channel: 'email',
    kinds: ['acknowledgement'],
    async send(alert, enquiry) {
      const { subject, text, html, language } = acknowledgementMail(enquiry, config.siteUrl);
      try {
        const info = await transport.sendMail({
          from: config.from,
          // An object, not a string: nodemailer would parse a string as an address list.
          to: { name: '', address: enquiry.email },
          subject,
          text,
          html,
          messageId: acknowledgementMessageId(alert.id, config.from),
          date: new Date(alert.createdAt),
          headers: {
            'Auto-Submitted': 'auto-replied',
            // Exchange and Outlook's own signal: no out-of-office or read receipt back.
            'X-Auto-Response-Suppress': 'All',
            'Content-Language': language,
          },
        });
        return { kind: 'sent', response: info.response };
      } catch (error) {
        return outcomeOfError(error as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}
