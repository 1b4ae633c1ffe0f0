/**
 * A mailbox that refuses the password (an app password revoked, changed,
 * expired) is told to the operator once, through the alert outbox, not
 * logged every minute: one operator alert a day at most, whichever
 * instance finds it, and one log line per outage on each.
 */
import { queueOperatorAlert } from '../alerts/operator-alerts';
import type { AlertChannel } from '../records';
import type { Store } from '../store-interface';

export function queueRefusalAlert(store: Pick<Store, 'atomically'>, channels: readonly AlertChannel[], host: string, now = new Date()) {
  return queueOperatorAlert(
    store,
    channels,
    {
      key: `replies-mailbox-refused-${now.toISOString().slice(0, 10)}`,
      event: 'mailbox.refused',
      subject: 'The replies mailbox refuses its password',
      text: [
        `The mail server ${host} refused the user and password in REPLIES_IMAP_URL, so visitors' answers to replies are not being read.`,
        '',
        'Make a new app password for the mailbox (Gmail and Microsoft 365 need one when two-step sign-in is on), put it in REPLIES_IMAP_URL and restart the service. Nothing is lost meanwhile: the answers wait in the mailbox and are read from where the reader stopped.',
        '',
      ].join('\n'),
    },
    now,
  );
}
