/**
 * The pages the service answers when the browser sent the contact form itself
 * (JavaScript off, or the app not running yet): the confirmation, or the form
 * again with what was wrong and everything the visitor typed.
 *
 * Everything interpolated goes through the `html` tag, which escapes it; only
 * fragments the tag made are inserted as they are. No script (the site's CSP
 * allows none inline, and the page needs none); the style is inline because
 * the service does not know the built stylesheet's hashed name. Its colours
 * are the site's (contract/brand-colours.ts).
 *
 * Each page is in the language of the form that was sent (its hidden `locale`
 * field): `<html lang>`, every word (the catalogue, contract/messages/), the
 * links to that language's home and contact pages, and the hidden field
 * again, so that the next send is answered in the same language.
 */
import escapeHtml from 'escape-html';
import { BACKGROUND_COLOUR, CARD_SHADOW, PALETTE } from '../../contract/brand-colours';
import { CONTACT_ENDPOINT, RESPONSE_HOURS } from '../../contract/contact';
import { LOCALES, type Locale, localisedPath } from '../../contract/locales';
import { translatorFor } from '../i18n';

export class Html {
  constructor(readonly text: string) {}
}

function interpolate(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, text, index) => out + interpolate(values[index - 1]) + text));
}

export type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'message';
/** What the visitor typed, by field name; the honeypot (`website`) included, so a bot gets its own value back. */
export type FormValues = Partial<Record<FieldName | 'website', string>>;
export type FieldErrors = Partial<Record<FieldName, string>>;

interface Field {
  name: FieldName;
  required: boolean;
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete: string;
}

/** The fields in the spec's order, as the page's form has them; their words are the catalogue's `field.<name>.*`. */
const FIELDS: readonly Field[] = [
  { name: 'firstName', required: true, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', required: true, type: 'text', autoComplete: 'family-name' },
  { name: 'email', required: true, type: 'email', autoComplete: 'email' },
  { name: 'phone', required: false, type: 'tel', autoComplete: 'tel' },
  { name: 'message', required: true, type: 'textarea', autoComplete: 'off' },
];

const STYLES = new Html(`
  body { margin: 0; padding: 2rem 1rem; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; line-height: 1.6; color: ${PALETTE.ink}; background: ${BACKGROUND_COLOUR}; }
  main { max-width: 40rem; margin: 0 auto; padding: 2rem; background: ${PALETTE.paper.DEFAULT}; border-radius: 1rem; box-shadow: ${CARD_SHADOW}; }
  h1 { margin: 0 0 0.5rem; font-size: 1.75rem; }
  h2 { margin: 0; font-size: 1.125rem; }
  a { color: ${PALETTE.brand.DEFAULT}; font-weight: 600; }
  :focus-visible { outline: 3px solid ${PALETTE.brand.DEFAULT}; outline-offset: 2px; }
  .links { display: flex; flex-wrap: wrap; gap: 1.5rem; margin-top: 1.5rem; }
  .summary { margin: 1rem 0; padding: 1rem; border: 2px solid ${PALETTE.danger.DEFAULT}; border-radius: 0.5rem; background: ${PALETTE.danger.pale}; }
  .summary ul { margin: 0.5rem 0 0; padding-left: 1.25rem; }
  .summary a { color: ${PALETTE.danger.DEFAULT}; }
  .field { margin-top: 1.25rem; }
  label { display: block; font-size: 0.875rem; font-weight: 600; }
  input, textarea { box-sizing: border-box; display: block; width: 100%; margin-top: 0.25rem; padding: 0.75rem 1rem; font: inherit; color: inherit; background: ${PALETTE.paper.DEFAULT}; border: 1px solid ${PALETTE.muted}; border-radius: 0.5rem; }
  textarea { min-height: 120px; resize: vertical; }
  [aria-invalid="true"] { border: 2px solid ${PALETTE.danger.DEFAULT}; }
  .error { margin: 0.25rem 0 0; font-size: 0.875rem; color: ${PALETTE.danger.DEFAULT}; }
  .required { color: ${PALETTE.danger.DEFAULT}; }
  .honeypot { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
  button { margin-top: 1.5rem; padding: 0.75rem 1.5rem; font: inherit; font-weight: 600; color: ${PALETTE.paper.DEFAULT}; background: ${PALETTE.brand.DEFAULT}; border: 0; border-radius: 999px; cursor: pointer; }
  button:hover { background: ${PALETTE.ink}; }
`);

/** A whole page in `locale`, in the site's colours, around `content`: the no-JavaScript forms' answers (./reply-check-page.ts too). */
export function page(locale: Locale, title: string, content: Html): string {
  return html`<!doctype html>
<html lang="${LOCALES[locale].htmlLang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>${STYLES}</style>
  </head>
  <body>
    <main>${content}</main>
  </body>
</html>
`.text;
}

/**
 * "Message Sent!" and a thank-you without the visitor's name: a page elsewhere
 * cannot post here (./form-post-origin.ts), but the page would otherwise show
 * whatever name was posted inside the firm's own layout. Then the enquiry's
 * reference, as the 201's sentence gives it.
 */
export function confirmationPage(locale: Locale, reference: string): string {
  const t = translatorFor(locale);
  return page(
    locale,
    t('notice.sent.title'),
    html`
      <h1>${t('notice.sent.title')}</h1>
      <p>${t('service.withReference', { thanks: t('formPage.thanks', { hours: RESPONSE_HOURS }), reference })}</p>
      <p class="links"><a href="${localisedPath(locale, '/')}">${t('formPage.home')}</a><a href="${localisedPath(locale, '/contact')}">${t('formPage.another')}</a></p>`,
  );
}

function fieldHtml(locale: Locale, { name, required, type, autoComplete }: Field, value: string, error: string | undefined): Html {
  const t = translatorFor(locale);
  const label = t(`field.${name}.label`);
  const placeholder = t(`field.${name}.placeholder`);
  const errorId = `${name}-error`;
  const attributes = html`id="${name}" name="${name}" placeholder="${placeholder}" autocomplete="${autoComplete}"${
    required ? html` aria-required="true"` : ''
  }${error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}`;
  const control =
    type === 'textarea'
      ? // The parser drops a newline right after <textarea>: give it one, so a message that starts with one keeps it.
        html`<textarea ${attributes} rows="5">\n${value}</textarea>`
      : html`<input ${attributes} type="${type}" value="${value}" />`;
  return html`
        <div class="field">
          <label for="${name}">${label}${required ? html`<span class="required" aria-hidden="true"> *</span>` : ''}</label>
          ${control}${error ? html`<p id="${errorId}" class="error">${error}</p>` : ''}
        </div>`;
}

export interface FormPageInput {
  /** The language of the form that was sent. */
  readonly locale: Locale;
  readonly values: FormValues;
  readonly fieldErrors?: FieldErrors;
  /** A sentence about the whole enquiry (too many messages, could not be saved...), instead of the field list's lead. */
  readonly problem?: string;
}

/** The form again, with a summary of what went wrong that links to each field, the field errors, and the visitor's values. */
export function formPage({ locale, values, fieldErrors = {}, problem }: FormPageInput): string {
  const t = translatorFor(locale);
  const withErrors = FIELDS.filter((field) => fieldErrors[field.name]);
  return page(
    locale,
    t('formPage.title', { error: t('notice.error.title'), notSent: t('formPage.notSent') }),
    html`
      <h1>${t('form.heading')}</h1>
      <div class="summary" role="alert" aria-labelledby="problem-title">
        <h2 id="problem-title">${t('formPage.notSent')}</h2>
        <p>${problem ?? t('formPage.checkFields')}</p>
        ${withErrors.length > 0 ? html`<ul>${withErrors.map((field) => html`<li><a href="#${field.name}">${fieldErrors[field.name]}</a></li>`)}</ul>` : ''}
      </div>
      <form method="post" action="${CONTACT_ENDPOINT}" novalidate>
        <p>${t('form.lead')}</p>
        <input type="hidden" name="locale" value="${locale}" />
        ${FIELDS.map((field) => fieldHtml(locale, field, values[field.name] ?? '', fieldErrors[field.name]))}
        <div class="honeypot" aria-hidden="true">
          <label for="website">${t('form.honeypot')}</label>
          <input id="website" name="website" type="text" tabindex="-1" autocomplete="off" value="${values.website ?? ''}" />
        </div>
        <button type="submit">${t('form.submit')}</button>
      </form>
      <p class="links"><a href="${localisedPath(locale, '/')}">${t('formPage.home')}</a></p>`,
  );
}
