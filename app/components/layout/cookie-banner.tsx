import { useAtomValue, useSetAtom } from 'jotai';
import { ROUTE_PATHS } from '../../../contract/routes';
import { activeLocale } from '../../i18n/active-locale';
import { cookieBannerVisibleAtom, dismissCookieBannerAtom } from '../../state/cookie-banner-atoms';
import { appStore } from '../../state/store';
import { IconTooltip } from '../ui/icon-tooltip';
import { AppLink } from './app-link';

export function CookieBanner() {
  const visible = useAtomValue(cookieBannerVisibleAtom, { store: appStore });
  const dismiss = useSetAtom(dismissCookieBannerAtom, { store: appStore });
  const copy = activeLocale().site.cookieBanner;
  if (!visible) return null;

  return (
    <section
      aria-label={copy.label}
      className="pointer-events-auto relative w-full max-w-lg rounded-2xl bg-paper p-5 pr-12 text-ink shadow-2xl ring-1 ring-ink/10"
    >
      <h2 className="m-0 text-lg font-bold">{copy.heading}</h2>
      <p className="mb-4 mt-2 text-sm text-muted">
        {copy.text}{' '}
        <AppLink to={ROUTE_PATHS.privacy} className="font-semibold text-brand">
          {copy.link}
        </AppLink>
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary px-5 py-2" onClick={() => dismiss('accepted')}>
          {copy.accept}
        </button>
        <button
          type="button"
          className="btn border-2 border-brand px-5 py-2 text-brand hover:bg-brand-pale"
          onClick={() => dismiss('declined')}
        >
          {copy.decline}
        </button>
      </div>
      <IconTooltip label={copy.closeTooltip}>
        <button
          type="button"
          aria-label={copy.close}
          className="icon-btn absolute right-1 top-1 text-muted hover:bg-ink/5"
          onClick={() => dismiss('closed')}
        >
          <span aria-hidden="true" className="i-lucide-x text-xl" />
        </button>
      </IconTooltip>
    </section>
  );
}
