import { describe, expect, it } from 'vitest';
import { enquiryRecord } from '../test-support/fixtures';
import { formatEnquiries } from './record-views';

describe('formatEnquiries', () => {
  const format = (...records: Parameters<typeof formatEnquiries>[0]) => formatEnquiries(records, { dbFile: 'data/db.json', spam: false });

  it('escapes every field a visitor typed', () => {
    const shown = format(
      enquiryRecord(1, {
        firstName: 'Ann\rMallory',
        lastName: 'Lee\u202E',
        email: 'ann\u001b]0;x\u0007@example.com',
        phone: '\u2066123',
        service: 'Tax\u009b',
      }),
    );
    expect(shown).toContain('Ann\\rMallory Lee\\u202E <ann\\u001B]0;x\\u0007@example.com>');
    expect(shown).toContain('phone: \\u2066123   service: Tax\\u009B');
    expect(shown).not.toMatch(UNSAFE);
  });

  it('keeps the message newlines as indented lines and escapes what is inside them', () => {
    const shown = format(enquiryRecord(1, { message: 'First line\r\nSecond\rline\nThird \u202Eline' }));
    expect(shown).toContain('  message:\n    First line\n    Second\\rline\n    Third \\u202Eline');
    expect(shown).not.toMatch(UNSAFE);
  });

  it('escapes the honeypot field of a spam catch', () => {
    const shown = formatEnquiries([{ ...enquiryRecord(1), website: 'http://x.example/\u202Egpj' }], {
      dbFile: 'data/db.json',
      spam: true,
    });
    expect(shown).toContain('honeypot field held: "http://x.example/\\u202Egpj"');
  });
});

/** Anything a terminal would act on, other than the line breaks the view itself writes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
