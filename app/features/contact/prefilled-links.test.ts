import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../../contract/brand';
import { translatorFor } from '../../../contract/i18n';
import { messages as english } from '../../../contract/messages/en';
import { messages as chinese } from '../../../contract/messages/zh';
import { prefilledLinks } from './prefilled-links';

/** A message that would break a link built by concatenation: query syntax, a fragment, a percent, lines, another script. */
const HOSTILE = 'Call me & ask?subject=x#top 100%\nSecond line {name} 你好\r\nThird';
const enquiry = {
  idempotencyKey: 'c0c5d8a4-8e47-4a0c-9f0b-0a4c2b6d1e3f',
  firstName: 'Farah&x=1',
  lastName: 'Aziz',
  message: HOSTILE,
  queuedAt: 0,
};
const t = translatorFor('en', english, compileMessageOrThrow);

describe('prefilledLinks', () => {
  it("writes the message and the visitor's name into the firm's mailto, as its subject and body only", () => {
    const url = new URL(prefilledLinks(enquiry, t).email);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(BRAND.email);
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
    expect(url.hash).toBe('');
    const [subject, body] = [url.searchParams.get('subject'), decodeURIComponent(/[?&]body=([^&]*)/.exec(url.href)![1]!)];
    expect(subject).toBe('Enquiry from Farah&x=1 Aziz');
    expect(body.startsWith('Call me & ask?subject=x#top 100%\r\nSecond line {name} 你好\r\nThird\r\n\r\nFarah&x=1 Aziz\r\n')).toBe(true);
    // Every line break is CRLF, as RFC 6068 asks.
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it("writes the same text into a wa.me link to the firm's number, in the page's language", () => {
    const url = new URL(prefilledLinks(enquiry, translatorFor('zh', chinese, compileMessageOrThrow)).whatsapp);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${BRAND.phone.whatsappNumber}`);
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.hash).toBe('');
    expect(url.searchParams.get('text')).toBe(`${HOSTILE}\n\nFarah&x=1 Aziz\n\n（离线时在贵网站的联系表单中填写：它也可能通过网站送达。）`);
  });
});
