/**
 * The service's translators, one per language, over every catalogue
 * (contract/messages/<code>.ts), loaded and compiled once when the service
 * starts: a broken message stops the start, never a visitor's answer.
 *
 * Which language a request is answered in (see also contract/http.ts):
 * - POST /api/contact: the body's `locale` when it is one of the site's
 *   languages (the JSON's field, or the no-JS form's hidden field); else the
 *   Accept-Language header (negotiateLocale); else English. A refusal made
 *   before the body is read (403 to a cross-site form, 413, 415, 429) follows
 *   Accept-Language.
 * - The site's own answers (405, 503, 400 for a path): the path's language
 *   (/ms/... in Malay), which is the page the visitor chose.
 * - Anything else under /api, and a request whose address cannot be parsed:
 *   Accept-Language.
 * - A request too slow to arrive (408) and an address too long (414:
 *   http-server.ts): Accept-Language when the headers arrived, else every
 *   language.
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Context } from 'koa';
import {
  type Catalogue,
  loadCatalogue,
  type MessageId,
  type MessageValues,
  type Translate,
  translatorFor as linguiTranslator,
} from '../contract/i18n';
import { LOCALE_CODES, type Locale, LOCALES, negotiateLocale } from '../contract/locales';

/** Every language of the table's catalogue (contract/messages/<code>.ts): one missing stops the start. */
const CATALOGUES = Object.fromEntries(
  await Promise.all(LOCALE_CODES.map(async (locale) => [locale, await loadCatalogue(locale)] as const)),
) as Record<Locale, Catalogue>;

/** Each distinct message compiled once; Lingui would otherwise compile a raw message on every use. */
const compiled = new Map<string, CompiledMessage>();
for (const catalogue of Object.values(CATALOGUES)) {
  for (const message of Object.values(catalogue)) if (!compiled.has(message)) compiled.set(message, compileMessageOrThrow(message));
}
const compile = (message: string) => compiled.get(message) ?? compileMessageOrThrow(message);

const TRANSLATORS = Object.fromEntries(
  LOCALE_CODES.map((locale) => [locale, linguiTranslator(locale, CATALOGUES[locale], compile)]),
) as Record<Locale, Translate>;

export function translatorFor(locale: Locale): Translate {
  return TRANSLATORS[locale];
}

/** English: the operator's language, for log lines and alerts. */
export const operatorTranslate: Translate = TRANSLATORS.en;

declare module 'koa' {
  interface DefaultState {
    /** The language this request is answered in, once a step has decided it (see the rules above). */
    locale?: Locale;
  }
}

/** The language of this request's answer: the one decided so far, else Accept-Language's. */
export function requestLocale(ctx: Context): Locale {
  return ctx.state.locale ?? negotiateLocale(ctx.get('Accept-Language'));
}

/** A sentence in this request's language. */
export function translate(ctx: Context, id: MessageId, values?: MessageValues): string {
  return translatorFor(requestLocale(ctx))(id, values);
}

/** What an error answered in the visitor's language also carries, for the log (which stays in English). */
export interface TranslatedError {
  /** The same sentence in English. */
  operatorMessage?: string;
  /** The language the visitor was answered in. */
  locale?: Locale;
}

export interface RefusalOptions {
  headers?: Record<string, string>;
  /** The error behind the refusal, for the log. */
  cause?: unknown;
}

/**
 * ctx.throw with a sentence made by `sentence` in the request's language
 * (answered with Content-Language), and in English for the log.
 */
export function refuseWith(
  ctx: Context,
  status: number,
  sentence: (t: Translate) => string,
  { headers, cause }: RefusalOptions = {},
): never {
  const locale = requestLocale(ctx);
  const properties: TranslatedError & RefusalOptions & { expose: true } = {
    headers: { ...headers, 'Content-Language': LOCALES[locale].htmlLang },
    expose: true,
    locale,
    operatorMessage: sentence(operatorTranslate),
    ...(cause === undefined ? {} : { cause }),
  };
  return ctx.throw(status, sentence(translatorFor(locale)), properties);
}

/** ctx.throw with a catalogue sentence: see refuseWith. */
export function refuse(ctx: Context, status: number, id: MessageId, values?: MessageValues, options?: RefusalOptions): never {
  return refuseWith(ctx, status, (t) => t(id, values), options);
}
