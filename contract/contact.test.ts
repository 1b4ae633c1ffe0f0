import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  contactSubmissionSchema,
  describeContactIssue,
  describeContactProblem,
  thankYouMessage,
  type ContactSubmissionInput,
} from './contact';
import { translatorFor } from './i18n';
import { messages as english } from './messages/en';
import { messages as malay } from './messages/ms';
import { messages as chinese } from './messages/zh';

const t = translatorFor('en', english, compileMessageOrThrow);

const valid: ContactSubmissionInput = {
  firstName: 'Aisyah',
  lastName: 'Rahman',
  email: 'aisyah@example.com',
  phone: '',
  service: '',
  message: 'I would like a portfolio review.',
};

/** The sentence a 400 would carry, or 'valid'. */
function problemWith(overrides: Partial<ContactSubmissionInput>): string {
  const result = contactSubmissionSchema.safeParse({ ...valid, ...overrides });
  return result.success ? 'valid' : describeContactProblem(result.error, t);
}

const ZERO_WIDTH = {
  'zero-width space U+200B': '\u200b',
  'zero-width non-joiner U+200C': '\u200c',
  'zero-width joiner U+200D': '\u200d',
  'word joiner U+2060': '\u2060',
  'BOM U+FEFF': '\ufeff',
};

describe('required fields made only of invisible characters', () => {
  it.each(Object.entries(ZERO_WIDTH))('a first name of %s alone is missing', (_name, character) => {
    expect(problemWith({ firstName: character.repeat(3) })).toBe('Please enter your first name.');
  });

  it('a mix of zero-width characters and spaces is missing too', () => {
    expect(problemWith({ lastName: ' \u200b \u2060\u200d ' })).toBe('Please enter your last name.');
    expect(problemWith({ email: '\u200c\ufeff' })).toBe('Please enter your email address.');
  });

  it('a message made only of zero-width characters and line breaks is missing', () => {
    expect(problemWith({ message: '\u200b\n\u200d\r\n\u2060' })).toBe('Please enter your message.');
  });

  it('an empty or blank field is still missing, with one sentence', () => {
    expect(problemWith({ firstName: '' })).toBe('Please enter your first name.');
    expect(problemWith({ message: '   ' })).toBe('Please enter your message.');
    const result = contactSubmissionSchema.safeParse({ ...valid, firstName: '' });
    expect(result.error?.issues).toHaveLength(1);
  });

  it('a name with a zero-width character inside real letters is accepted', () => {
    expect(problemWith({ firstName: 'Nur\u200dAisyah', message: 'Hello\u200b there' })).toBe('valid');
  });
});

/** Characters that change how the text around them is read: line breaks a header or terminal obeys, and direction overrides. */
const DISGUISES = {
  'NEL U+0085': '\u0085',
  'CSI U+009B': '\u009b',
  'C1 U+0080': '\u0080',
  'C1 U+009F': '\u009f',
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'Arabic letter mark U+061C': '\u061c',
  'left-to-right mark U+200E': '\u200e',
  'right-to-left mark U+200F': '\u200f',
  'left-to-right embedding U+202A': '\u202a',
  'right-to-left override U+202E': '\u202e',
  'left-to-right isolate U+2066': '\u2066',
  'pop directional isolate U+2069': '\u2069',
  'line feed': '\n',
  escape: '\u001b',
  DEL: '\u007f',
};

const SINGLE_LINE_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'WhatsApp number',
  service: 'Service',
} as const;

describe('characters that could dress up a single-line field', () => {
  const refusal = (field: string) =>
    `${field} contains characters that are not allowed, such as =? or invisible control and text-direction characters.`;

  it.each(Object.entries(DISGUISES))('%s is refused inside every single-line field', (_name, character) => {
    for (const [field, name] of Object.entries(SINGLE_LINE_FIELDS)) {
      const value = field === 'phone' ? `+60 12${character}345 6789` : `Ai${character}syah`;
      expect(problemWith({ [field]: value }), field).toBe(refusal(name));
    }
    expect(problemWith({ email: `aisyah${character}@example.com` })).toBe(refusal('Email address'));
  });

  it('refuses the opener of a MIME encoded word, which mail clients decode into line breaks in headers', () => {
    expect(problemWith({ firstName: '=?UTF-8?Q?=0D=0ABcc:_x@evil.example?=' })).toBe(refusal('First name'));
    expect(problemWith({ lastName: 'Rahman =?utf-8?b?QmNjOg==?=' })).toBe(refusal('Last name'));
    expect(problemWith({ service: 'Retirement =?' })).toBe(refusal('Service'));
    expect(problemWith({ email: '=?x?=@example.com' })).toBe(refusal('Email address'));
  });

  it('keeps an equals sign or a question mark on its own, and letters of every script', () => {
    expect(problemWith({ firstName: 'A=B', lastName: 'Why?', service: 'Tax = savings?' })).toBe('valid');
    expect(problemWith({ firstName: 'محمد', lastName: 'Müller-陈' })).toBe('valid');
  });

  it('says so in Malay and Chinese', () => {
    const { error } = contactSubmissionSchema.safeParse({ ...valid, firstName: 'Ai\u202esyah' });
    expect(describeContactProblem(error!, translatorFor('ms', malay, compileMessageOrThrow))).toBe(
      'Nama pertama mengandungi aksara yang tidak dibenarkan, seperti =? atau aksara kawalan dan arah teks yang tidak kelihatan.',
    );
    expect(describeContactProblem(error!, translatorFor('zh', chinese, compileMessageOrThrow))).toBe(
      '名字含有不允许使用的字符，例如 =? 或不可见的控制字符和文字方向字符。',
    );
  });
});

describe('the message', () => {
  it('keeps its line breaks and tabs, and an =? in a sentence', () => {
    expect(problemWith({ message: 'Line one\r\nLine two\n\tIndented.\u2028Pasted.\u2029Is 2+2=?' })).toBe('valid');
  });

  it.each(Object.entries(DISGUISES).filter(([, character]) => !['\n', '\u2028', '\u2029'].includes(character)))(
    'refuses %s',
    (_name, character) => {
      expect(problemWith({ message: `I would like${character} a review.` })).toBe(
        'Message contains characters that are not allowed, such as =? or invisible control and text-direction characters.',
      );
    },
  );
});

describe('sentences made from the schema’s catalogue keys', () => {
  it('name the field and its limit', () => {
    expect(problemWith({ firstName: 'A'.repeat(101) })).toBe('First name must be at most 100 characters.');
    expect(problemWith({ message: 'm'.repeat(5001) })).toBe('Message must be at most 5000 characters.');
    expect(problemWith({ email: 42 as unknown as string })).toBe('Email address must be text.');
    expect(problemWith({ phone: '12' })).toBe('Please enter a valid WhatsApp number: 7 to 20 digits, spaces or + - ( ).');
  });

  it('count unknown fields, one or several, and never name them', () => {
    expect(problemWith({ isAdmin: 'yes' } as Partial<ContactSubmissionInput>)).toBe('The enquiry has 1 unknown field.');
    expect(problemWith({ a: 1, b: 2 } as Partial<ContactSubmissionInput>)).toBe('The enquiry has 2 unknown fields.');
  });

  it('refuse a language the site does not have', () => {
    expect(problemWith({ locale: 'fr' as 'en' })).toBe("The language must be one of the site's languages.");
    expect(problemWith({ locale: 'zh' })).toBe('valid');
  });

  it('read in each language: a field’s message as it is, the 400’s sentence with its own full stop', () => {
    const { error } = contactSubmissionSchema.safeParse({ ...valid, lastName: '' });
    const inMalay = translatorFor('ms', malay, compileMessageOrThrow);
    const inChinese = translatorFor('zh', chinese, compileMessageOrThrow);
    expect(describeContactIssue(error!.issues[0]!, inMalay)).toBe('Sila masukkan nama akhir anda');
    expect(describeContactProblem(error!, inMalay)).toBe('Sila masukkan nama akhir anda.');
    expect(describeContactIssue(error!.issues[0]!, inChinese)).toBe('请输入您的姓氏');
    expect(describeContactProblem(error!, inChinese)).toBe('请输入您的姓氏。');
  });

  it('thank the visitor by name and give the reference', () => {
    expect(thankYouMessage('Aisyah', 'TW-1FB19480', t)).toBe(
      'Thank you, Aisyah! We will contact you within 24 hours. Your reference is TW-1FB19480.',
    );
  });
});
