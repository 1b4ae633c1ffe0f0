/** The parts of a reply made without sending it: subject, Message-ID, Reply-To and its token. */
import { describe, expect, it } from 'vitest';
import { addressOf, domainOf } from './mail-address';
import {
  acknowledgementAlertId,
  acknowledgementMessageId,
  referenceOfAddress,
  replyMessageId,
  replySubject,
  replyToAddress,
} from './reply-mail';

const ID = '1fb19480-5a4c-4e3b-9f0e-2c7d8e9f0a1b';

describe('a reply’s headers', () => {
  it('have the fixed subject and a Message-ID at the sender’s domain', () => {
    expect(replySubject(ID)).toBe('Re: Your enquiry TW-1FB19480');
    expect(replyMessageId('0b6f6c3e-0000-4000-8000-000000000000', 'Teratai <replies@teratai.example>')).toBe(
      '<reply-0b6f6c3e-0000-4000-8000-000000000000@teratai.example>',
    );
  });

  it('refer to the acknowledgement by a Message-ID made from its alert, which names the alert back', () => {
    const alertId = '0b6f6c3e-0000-4000-8000-00000000abcd';
    const made = acknowledgementMessageId(alertId, 'Teratai <hello@teratai.example>');
    expect(made).toBe(`<acknowledgement-${alertId}@teratai.example>`);
    expect(acknowledgementAlertId(made)).toBe(alertId);
    expect(acknowledgementAlertId(made.toUpperCase())).toBe(alertId);
    expect(acknowledgementAlertId(replyMessageId(alertId, 'hello@teratai.example'))).toBeNull();
    expect(acknowledgementAlertId('<acknowledgement-not-an-id@teratai.example>')).toBeNull();
  });

  it('take the bare address and its domain from a mailbox setting with or without a name', () => {
    expect(addressOf(' Teratai <replies@teratai.example> ')).toBe('replies@teratai.example');
    expect(addressOf(' replies@teratai.example ')).toBe('replies@teratai.example');
    expect(domainOf('Teratai <replies@teratai.example>')).toBe('teratai.example');
    expect(domainOf('replies@teratai.example ')).toBe('teratai.example');
  });

  it('send answers to the mailbox plus the enquiry’s token, or to the mailbox itself, and the token is read back in any case', () => {
    expect(replyToAddress('Teratai <replies@teratai.example>', ID, true)).toBe('replies+tw-1fb19480@teratai.example');
    expect(replyToAddress('replies@teratai.example', ID, false)).toBe('replies@teratai.example');
    expect(referenceOfAddress('replies+TW-1FB19480@teratai.example')).toBe('TW-1FB19480');
    expect(referenceOfAddress('replies@teratai.example')).toBeNull();
    expect(referenceOfAddress('replies+newsletter@teratai.example')).toBeNull();
  });
});
