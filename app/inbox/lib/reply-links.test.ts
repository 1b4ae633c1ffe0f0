import { describe, expect, it } from 'vitest';
import { mailtoLink, whatsAppDigits, whatsAppLink } from './reply-links';

describe('mailtoLink', () => {
  it('writes the address and the subject, encoded', () => {
    expect(mailtoLink('ahmad@example.com', 'Your enquiry (TW-1FB19480)')).toBe(
      'mailto:ahmad@example.com?subject=Your%20enquiry%20(TW-1FB19480)',
    );
  });

  it('cannot be given another header or recipient by the address', () => {
    const link = mailtoLink('a&cc=boss@example.com?bcc=x@example.com', 'Hi');
    expect(new URL(link).searchParams.getAll('subject')).toEqual(['Hi']);
    expect([...new URL(link).searchParams.keys()]).toEqual(['subject']);
  });
});

describe('whatsAppDigits', () => {
  it.each([
    ['+60 12-345 6789', '60123456789'],
    ['+60 11-2345 6789', '601123456789'],
    ['0060 12 345 6789', '60123456789'],
    ['012-345 6789', '60123456789'],
    ['60123456789', '60123456789'],
    ['+65 9123 4567', '6591234567'],
    ['+44 7700 900123', '447700900123'],
  ])('%s → %s', (phone, digits) => {
    expect(whatsAppDigits(phone)).toBe(digits);
  });

  it.each([
    ['03-8000 1234', 'a Malaysian landline'],
    ['+60 3-8000 1234', 'a Malaysian landline, international'],
    ['12345678', 'no country and no trunk prefix'],
    ['+1 23', 'too short'],
    ['+123 4567 8901 2345 67', 'longer than E.164 allows'],
    ['', 'nothing'],
  ])('%s (%s) → null', (phone) => {
    expect(whatsAppDigits(phone)).toBeNull();
  });

  it('links to wa.me with the digits, the text starting with the reference', () => {
    expect(whatsAppLink('+60 12-345 6789', 'Re: Your enquiry TW-1FB19480')).toBe(
      'https://wa.me/60123456789?text=Re%3A%20Your%20enquiry%20TW-1FB19480',
    );
    expect(whatsAppLink('03-8000 1234', 'Re: Your enquiry TW-1FB19480')).toBeNull();
  });
});
