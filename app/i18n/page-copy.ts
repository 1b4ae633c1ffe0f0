/**
 * Each page's copy in each language (app/content/locales/<code>/pages/), loaded
 * with the page, so a page carries only its own words in its own language.
 * No React and no Lingui here: the start-up script loads the opened page's
 * copy alongside the app.
 */
import type { Locale } from '../../contract/locales';
import type { COPY as ABOUT } from '../content/locales/en/pages/about';
import type { COPY as CONTACT } from '../content/locales/en/pages/contact';
import type { COPY as HOME } from '../content/locales/en/pages/home';
import type { COPY as PORTFOLIO } from '../content/locales/en/pages/portfolio';
import type { COPY as PRIVACY } from '../content/locales/en/pages/privacy';
import type { COPY as SERVICES } from '../content/locales/en/pages/services';
import type { COPY as TERMS } from '../content/locales/en/pages/terms';
import type { COPY as VERIFY } from '../content/locales/en/pages/verify';
import type { Translation } from './translation';

export interface PageCopies {
  readonly home: Translation<typeof HOME>;
  readonly about: Translation<typeof ABOUT>;
  readonly services: Translation<typeof SERVICES>;
  readonly portfolio: Translation<typeof PORTFOLIO>;
  readonly contact: Translation<typeof CONTACT>;
  readonly privacy: Translation<typeof PRIVACY>;
  readonly terms: Translation<typeof TERMS>;
  readonly verify: Translation<typeof VERIFY>;
}

export type CopiedPage = keyof PageCopies;

const MODULES = import.meta.glob<{ COPY: PageCopies[CopiedPage] }>('../content/locales/*/pages/*.ts');
const loaded = new Map<string, PageCopies[CopiedPage]>();

/** Loads the copy of `page` in `locale`; pageCopyIn then has it at once. */
export async function loadPageCopy(locale: Locale, page: CopiedPage): Promise<void> {
  const name = `${locale}/${page}`;
  if (loaded.has(name)) return;
  const load = MODULES[`../content/locales/${locale}/pages/${page}.ts`];
  if (!load) throw new Error(`No copy of the ${page} page in ${locale}: app/content/locales/${locale}/pages/${page}.ts`);
  loaded.set(name, (await load()).COPY);
}

export function pageCopyIn<P extends CopiedPage>(locale: Locale, page: P): PageCopies[P] {
  const copy = loaded.get(`${locale}/${page}`);
  if (!copy) throw new Error(`The ${page} page's copy in ${locale} is rendered before it was loaded`);
  return copy as PageCopies[P];
}
