import { describe, expect, it } from 'vitest';
import { contactSubmissionSchema, describeContactProblem, type ContactSubmissionInput } from './contact';

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
  return result.success ? 'valid' : describeContactProblem(result.error);
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
