/**
 * Every language's copy has the English copy's shape at run time too: the
 * same keys, the same number of items in each list (the pages zip lists with
 * slides.ts, testimonials.ts and contact-channels.ts by position), the same
 * kind of value in each place, and no empty text. The typecheck holds the
 * keys; this also holds the lengths, which it cannot.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type Locale } from '../../../contract/locales';

const COPIES = import.meta.glob<Record<string, unknown>>(['./*/*.ts', './*/pages/*.ts', '!./*/privacy-notice.ts']);
const MODULES = [
  ...new Set(
    Object.keys(COPIES)
      .filter((path) => path.startsWith('./en/'))
      .map((path) => path.slice('./en/'.length, -'.ts'.length)),
  ),
];

async function load(locale: Locale, module: string): Promise<Record<string, unknown>> {
  const copy = COPIES[`./${locale}/${module}.ts`];
  if (!copy) throw new Error(`app/content/locales/${locale}/${module}.ts is missing`);
  return copy();
}

/** Where `copy` differs in shape from `source`, as "path: what"; empty when they match. */
function shapeDifferences(source: unknown, copy: unknown, path: string): string[] {
  if (typeof source === 'function') {
    return typeof copy === 'function' && copy.length === source.length ? [] : [`${path}: not a function of ${source.length} arguments`];
  }
  if (Array.isArray(source)) {
    if (!Array.isArray(copy)) return [`${path}: not a list`];
    if (copy.length !== source.length) return [`${path}: ${copy.length} items, English has ${source.length}`];
    return source.flatMap((item, index) => shapeDifferences(item, copy[index], `${path}[${index}]`));
  }
  if (source !== null && typeof source === 'object') {
    if (copy === null || typeof copy !== 'object') return [`${path}: not an object`];
    const keys = new Set([...Object.keys(source), ...Object.keys(copy)]);
    return [...keys].flatMap((key) =>
      key in source && key in copy
        ? shapeDifferences((source as Record<string, unknown>)[key], (copy as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}: ${key in source ? 'missing' : 'not in English'}`],
    );
  }
  if (typeof copy !== typeof source) return [`${path}: a ${typeof copy}, English has a ${typeof source}`];
  if (typeof copy === 'string' && copy.trim() === '') return [`${path}: empty`];
  return [];
}

describe.each(LOCALE_CODES.filter((locale) => locale !== 'en'))('the %s copy', (locale) => {
  it.each(MODULES)('%s has the English shape', async (module) => {
    expect(shapeDifferences(await load('en', module), await load(locale, module), module)).toEqual([]);
  });
});
