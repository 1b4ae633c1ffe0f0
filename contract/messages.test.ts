/**
 * Every language's catalogue against the English source: the same keys, the
 * same placeholders (and plural arguments) in each message, nothing empty,
 * and every message compiles as ICU MessageFormat with Lingui's own compiler.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { describeContactProblem, contactSubmissionSchema, thankYouMessage, RESPONSE_HOURS } from './contact';
import { type Catalogue, loadCatalogue, translatorFor } from './i18n';
import { DEFAULT_LOCALE, LOCALE_CODES, LOCALES, type Locale } from './locales';
import { messages as english } from './messages/en';

const OTHER_LOCALES = LOCALE_CODES.filter((locale) => locale !== DEFAULT_LOCALE);
const catalogues = Object.fromEntries(
  await Promise.all(LOCALE_CODES.map(async (locale) => [locale, await loadCatalogue(locale)] as const)),
) as Record<Locale, Catalogue>;

interface Argument {
  /** `name` or `name:plural` */
  signature: string;
  /** The plural's categories (`one`, `other`, `=0`...), for a plural. */
  categories?: string[];
}

/** The arguments of a compiled message, its plurals' branches included, in order of appearance. */
function argumentsOf(message: CompiledMessage): Argument[] {
  return message.flatMap((token): Argument[] => {
    if (typeof token === 'string') return [];
    const [name, type, format] = token;
    if (type === undefined) return [{ signature: name }];
    const choices = format !== null && typeof format === 'object' ? (format as Record<string, unknown>) : {};
    const branches = Object.entries(choices).filter(([key]) => key !== 'offset');
    return [
      { signature: `${name}:${type}`, categories: branches.map(([key]) => key).sort() },
      ...branches.flatMap(([, branch]) => argumentsOf(branch as CompiledMessage)),
    ];
  });
}

/** Each placeholder once: a translation may use one in one branch only, or twice. */
const placeholdersOf = (message: string) =>
  [...new Set(argumentsOf(compileMessageOrThrow(message)).map((argument) => argument.signature))].sort();

describe.each(LOCALE_CODES)('the %s catalogue', (locale) => {
  const catalogue = catalogues[locale];

  it('has exactly the English keys', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
  });

  it('has no empty message', () => {
    for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), key).not.toBe('');
  });

  it('compiles, every message', () => {
    for (const [key, value] of Object.entries(catalogue)) {
      expect(() => compileMessageOrThrow(value), `${key}: ${value}`).not.toThrow();
    }
  });

  it('has the English placeholders in every message', () => {
    for (const [key, value] of Object.entries(catalogue)) {
      expect(placeholdersOf(value), key).toEqual(placeholdersOf(english[key as keyof typeof english]));
    }
  });

  it("gives each plural the language's own categories, `other` always among them", () => {
    const categories = new Intl.PluralRules(LOCALES[locale].intl).resolvedOptions().pluralCategories;
    for (const [key, value] of Object.entries(catalogue)) {
      for (const { categories: used } of argumentsOf(compileMessageOrThrow(value))) {
        if (used === undefined) continue;
        expect(used, key).toContain('other');
        for (const category of used) if (!category.startsWith('=')) expect(categories, `${key}: ${category}`).toContain(category);
      }
    }
  });

  it('reads with Lingui: placeholders filled, plurals chosen', () => {
    const t = translatorFor(locale, catalogue, compileMessageOrThrow);
    const thanks = thankYouMessage('Mei Ling', 'TW-1FB19480', t);
    expect(thanks).toContain('Mei Ling');
    expect(thanks).toContain('TW-1FB19480');
    expect(thanks).toContain(String(RESPONSE_HOURS));
    expect(thanks).not.toMatch(/[{}]/);
    expect(t('outbox.waiting', { count: 3 })).toMatch(/^\D*3\D/);
    const unknown = t('problem.unknownFields', { count: 2, names: 'isAdmin, role' });
    expect(unknown).toMatch(/2/);
    expect(unknown).not.toMatch(/isAdmin/);
  });
});

describe('sentences in the visitor’s language', () => {
  const invalid = contactSubmissionSchema.safeParse({ firstName: 'Mei', lastName: 'Ling', email: 'nope', message: 'Hi' });
  const problemIn = (locale: Locale) =>
    describeContactProblem(invalid.error!, translatorFor(locale, catalogues[locale], compileMessageOrThrow));

  it('differ from the English ones', () => {
    for (const locale of OTHER_LOCALES) expect(problemIn(locale)).not.toBe(problemIn(DEFAULT_LOCALE));
  });

  it('end with a Chinese full stop in Chinese, and never an ASCII one', () => {
    expect(problemIn('zh')).toBe('请输入有效的电子邮箱。');
    for (const [key, value] of Object.entries(catalogues.zh)) expect(value, key).not.toMatch(/[^.]\.$/);
  });

  it('are in Malay in Malay', () => {
    expect(problemIn('ms')).toBe('Sila masukkan alamat e-mel yang sah.');
  });
});
