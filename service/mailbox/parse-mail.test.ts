/** What the thread keeps of a message, and what counts as a robot's mail. */
import { describe, expect, it } from 'vitest';
import { MAX_HEADER_BYTES, MAX_LISTED_ATTACHMENTS, MAX_TEXT_CHARS, parseHeaders, parseMail, UnreadableMailError } from './parse-mail';

const message = (headers: string[], body = 'Yes, thank you.') =>
  Buffer.from([`From: Aisyah <aisyah@example.com>`, 'To: replies@teratai.example', ...headers, '', body, ''].join('\r\n'));

describe('parseMail', () => {
  it('takes control and direction characters out of what it keeps', async () => {
    const mail = await parseMail(message(['Subject: Re: \u202eevil\u0007 subject'], 'Line one\u0000\u202e\r\nLine two'));
    expect(mail.subject).toBe('Re: evil subject');
    expect(mail.text).toBe('Line one\nLine two');
  });

  it('keeps at most MAX_TEXT_CHARS of the text', async () => {
    const mail = await parseMail(message(['Subject: long'], 'y'.repeat(3 * MAX_TEXT_CHARS)));
    expect(mail.text).toHaveLength(MAX_TEXT_CHARS);
  });

  it('keeps a line email-reply-parser would take minutes over whole and unfolded, at once', async () => {
    // One of the parser's patterns, `^(.*)[0-9]{4}(.*)from(.*)<(.*)>:$`, costs more than the square of this line's length.
    const line = '1234 from '.repeat(1_000);
    const started = performance.now();
    const mail = await parseMail(message(['Subject: long line'], `${line}\r\n\r\n> quoted`));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(mail.text).toBe(`${line}\n\n> quoted`);
    expect(mail.quoted).toBeUndefined();
  });

  it('still folds the quoted history of an ordinary answer', async () => {
    const mail = await parseMail(message(['Subject: Re'], 'Yes.\r\n\r\nOn Mon, Ann <a@teratai.example> wrote:\r\n> Tuesday?'));
    expect(mail).toMatchObject({ text: 'Yes.', quoted: expect.stringContaining('> Tuesday?') });
  });

  it('lists the first MAX_LISTED_ATTACHMENTS attachments and sums up the rest in one entry', async () => {
    const parts = Array.from({ length: MAX_LISTED_ATTACHMENTS + 250 }, (_, index) =>
      ['--b', `Content-Type: application/octet-stream; name="f${index}.bin"`, 'Content-Disposition: attachment', '', 'abc'].join('\r\n'),
    );
    const mail = await parseMail(
      message(['Subject: many', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b"'], [...parts, '--b--'].join('\r\n')),
    );
    expect(mail.attachments).toHaveLength(MAX_LISTED_ATTACHMENTS + 1);
    expect(mail.attachments[0]).toEqual({ name: 'f0.bin', size: 3 });
    expect(mail.attachments.at(-1)).toEqual({ name: 'and 250 more', size: 750 });
  });

  it('refuses a header section over MAX_HEADER_BYTES as unreadable', async () => {
    await expect(parseHeaders(message([`X-Long: ${'a'.repeat(MAX_HEADER_BYTES)}`]))).rejects.toBeInstanceOf(UnreadableMailError);
  });

  it('takes a Message-ID only of printable ASCII: a control character never reaches the References of a reply', async () => {
    const mail = await parseHeaders(message(['Message-ID: <a\u0001b@x>', 'In-Reply-To: <c\u0007d@x> <ok@x>', 'References: <e\u001bf@x>']));
    expect(mail.messageId).toBeUndefined();
    expect(mail.references).toEqual(['<ok@x>']);
  });

  it('takes U+061C out of what it keeps, as the contact form refuses it', async () => {
    expect((await parseMail(message(['Subject: Re: a\u061cb'], 'c\u061cd'))).subject).toBe('Re: ab');
  });

  it('reads In-Reply-To first, then References newest first, each once', async () => {
    const mail = await parseHeaders(message(['In-Reply-To: <c@x>', 'References: <a@x> <b@x> <c@x>']));
    expect(mail.references).toEqual(['<c@x>', '<b@x>', '<a@x>']);
  });
});

describe('automatic mail', () => {
  it.each([
    ['Auto-Submitted: auto-replied'],
    ['Auto-Submitted: auto-generated'],
    ['Precedence: bulk'],
    ['Precedence: junk'],
    ['Precedence: list'],
    ['X-Autoreply: yes'],
    ['List-Id: <news.example.com>'],
    ['Content-Type: multipart/report; report-type=delivery-status; boundary="b"'],
  ])('is %s', async (header) => {
    expect((await parseHeaders(message([header]))).automatic).toBe(true);
  });

  it.each([['Auto-Submitted: no'], ['Precedence: normal'], ['X-Mailer: Outlook']])('is not %s', async (header) => {
    expect((await parseHeaders(message([header]))).automatic).toBe(false);
  });
});
