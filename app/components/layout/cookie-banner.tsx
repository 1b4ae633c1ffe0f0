import { useAtomValue, useSetAtom } from 'jotai';
import { activeLocale } from '../../i18n/active-locale';
import { focusMainContent } from '../../lib/main-content';
import { cookieBannerVisibleAtom, dismissCookieBannerAtom } from '../../state/cookie-banner-atoms';
import { appStore } from '../../state/store';
import { IconTooltip } from '../ui/icon-tooltip';
import { CookieBannerCard } from './cookie-banner-card';

/** The live cookie banner of the floating dock: it replaces the one painted with the page. */
export function CookieBanner() {
  const visible = useAtomValue(cookieBannerVisibleAtom, { store: appStore });
  const dismiss = useSetAtom(dismissCookieBannerAtom, { store: appStore });
  const closeTooltip = activeLocale().site.cookieBanner.closeTooltip;
  if (!visible) return null;
  const answer = (choice: Parameters<typeof dismiss>[0]) => {
    focusMainContent(); // the banner and its focused button go away
    dismiss(choice);
  };
  return <CookieBannerCard onAnswer={answer} wrapClose={(button) => <IconTooltip label={closeTooltip}>{button}</IconTooltip>} />;
}
