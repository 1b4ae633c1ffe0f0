/**
 * Tells the operator, once a UTC day per account (on this instance), that an
 * inbox account is being guessed from more than one client: past
 * ACCOUNT_ATTEMPTS in a window its sign-ins are slowed down (never refused),
 * and someone should know why. Sent through the operator notices as the
 * daily-ceiling alert is (ceiling-alert.ts); this one function is the seam
 * where it moves to the alert outbox.
 */
import escapeHtml from 'escape-html';
import { ACCOUNT_ATTEMPTS } from '../auth/sign-in-limits';
import type { Log } from '../log';
import { utcDay } from '../records';
import type { OperatorNotices } from './operator-notices';

export interface GuessingNotice {
  /** `username` is the stored account's name (checkUsername's characters), never what was typed. Never throws. */
  accountGuessed(username: string, now: Date): Promise<void>;
}

export function createGuessingNotice({ notices, log }: { notices: OperatorNotices; log: Log }): GuessingNotice {
  let toldDay = '';
  const told = new Set<string>();
  return {
    async accountGuessed(username, now) {
      const day = utcDay(now);
      if (day !== toldDay) {
        toldDay = day;
        told.clear();
      }
      if (told.has(username.toLowerCase())) return;
      told.add(username.toLowerCase());
      log({ level: 'warn', msg: 'an inbox account is being guessed: its sign-ins are slowed down', username });
      const text = [
        `More than ${ACCOUNT_ATTEMPTS} sign-in attempts for the inbox account ${username} came within 15 minutes.`,
        'Each further attempt is slowed down for a while. Nobody is shut out: the addresses that guess are refused, and',
        `a browser ${username} signed in with before is not slowed down.`,
        `If ${username} did not mistype their password that often, someone else is guessing it: check the audit log`,
        '(npm run enquiries -- audit) and make sure the password is not used anywhere else.',
        '',
      ].join('\n');
      const id = `guessing-${day}-${username.toLowerCase()}`;
      const outcomes = await Promise.allSettled([
        notices.mail({
          subject: `Inbox sign-in: the account ${username} is being guessed`,
          text,
          html: `<pre>${escapeHtml(text)}</pre>`,
          messageId: id,
        }),
        notices.webhook('sign-in.guessed', id, { day, username }),
      ]);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          log({ level: 'error', msg: 'the guessing notice could not be sent', error: String(outcome.reason) });
      }
    },
  };
}
