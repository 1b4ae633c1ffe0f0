/**
 * Tells the operator, once a UTC day per account, that an inbox account is
 * being guessed from more than one client: past ACCOUNT_ATTEMPTS in a window
 * its sign-ins are slowed down (never refused), and someone should know why.
 * It goes through the alert outbox (alerts/operator-alerts.ts), so a mail
 * server that is down delays it rather than losing it, and its key makes it
 * once a day across instances.
 */
import { ACCOUNT_ATTEMPTS } from '../auth/sign-in-limits';
import { raiseOperatorNotice, type NoticeOptions } from '../alerts/operator-alerts';
import { utcDay } from '../records';

export interface GuessingNotice {
  /** `username` is the stored account's name (checkUsername's characters), never what was typed. Never throws. */
  accountGuessed(username: string, now: Date): Promise<void>;
}

export function createGuessingNotice(options: NoticeOptions): GuessingNotice {
  return {
    async accountGuessed(username, now) {
      const text = [
        `More than ${ACCOUNT_ATTEMPTS} sign-in attempts for the inbox account ${username} came within 15 minutes.`,
        'Each further attempt is slowed down for a while. Nobody is shut out: the addresses that guess are refused, and',
        `a browser ${username} signed in with before is not slowed down.`,
        `If ${username} did not mistype their password that often, someone else is guessing it: check the audit log`,
        '(npm run enquiries -- audit) and make sure the password is not used anywhere else.',
        '',
      ].join('\n');
      await raiseOperatorNotice(
        options,
        {
          key: `sign-in-guessed-${utcDay(now)}-${username.toLowerCase()}`,
          event: 'sign-in.guessed',
          subject: `Inbox sign-in: the account ${username} is being guessed`,
          text,
        },
        {
          queued: { msg: 'an inbox account is being guessed: its sign-ins are slowed down', username },
          failed: { msg: 'the guessing notice could not be queued' },
        },
        now,
      );
    },
  };
}
