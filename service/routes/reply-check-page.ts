/**
 * The page the service answers when the browser sent /verify's form itself
 * (JavaScript off, or the app not running yet): the answer (genuine, sent on
 * a day, or not one of ours) or why there is none, then the form again with
 * what was typed, so a mistyped code can be put right. In the form's language
 * (its hidden `locale` field), with no script and the site's colours, as the
 * contact form's pages (./contact-page.ts, whose helpers escape everything
 * interpolated).
 */
import { BRAND } from '../../contract/brand';
import { PALETTE } from '../../contract/brand-colours';
import { type Locale, localisedPath } from '../../contract/locales';
import { REPLY_CHECK_ENDPOINT } from '../../contract/reply-check-code';
import { ROUTE_PATHS } from '../../contract/routes';
import { translatorFor } from '../i18n';
import { html, page } from './contact-page';

/** What the visitor typed, to put back in the form. */
export interface ReplyCheckValues {
  reference?: string;
  code?: string;
}

export type ReplyCheckOutcome =
  /** An answer: genuine or not ours, and its sentence. */
  | { kind: 'answer'; genuine: boolean; sentence: string }
  /** A refusal's sentence (nothing typed, too many checks...). */
  | { kind: 'problem'; sentence: string };

const GENUINE_STYLE = `border-color: ${PALETTE.brand.DEFAULT}; background: ${PALETTE.brand.pale}`;

function outcomeHtml(outcome: ReplyCheckOutcome) {
  if (outcome.kind === 'problem') return html`<div class="summary" role="alert"><p>${outcome.sentence}</p></div>`;
  return html`<div class="summary" role="status"${outcome.genuine ? html` style="${GENUINE_STYLE}"` : ''}>
        <p><strong>${outcome.sentence}</strong></p>
      </div>`;
}

export function replyCheckPage(locale: Locale, values: ReplyCheckValues, outcome: ReplyCheckOutcome): string {
  const t = translatorFor(locale);
  const field = (name: 'reference' | 'code') =>
    html`
        <div class="field">
          <label for="${name}">${t(`verifyReply.${name}.label`)}</label>
          <input id="${name}" name="${name}" type="text" value="${values[name] ?? ''}" autocomplete="off" spellcheck="false" autocapitalize="characters" aria-required="true" />
        </div>`;
  return page(
    locale,
    t('verifyReply.pageTitle', { firm: BRAND.name }),
    html`
      <h1 id="verify-reply-title">${t('verifyReply.heading')}</h1>
      ${outcomeHtml(outcome)}
      <form method="post" action="${REPLY_CHECK_ENDPOINT}" novalidate aria-labelledby="verify-reply-title">
        <p>${t('verifyReply.lead')}</p>
        <input type="hidden" name="locale" value="${locale}" />
        ${field('reference')}${field('code')}
        <button type="submit">${t('verifyReply.submit')}</button>
      </form>
      <p class="links"><a href="${localisedPath(locale, ROUTE_PATHS.verify)}">${t('verifyReply.back')}</a><a href="${localisedPath(locale, '/')}">${t('formPage.home')}</a></p>`,
  );
}
