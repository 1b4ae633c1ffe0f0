import { activeLocale } from '../../i18n/active-locale';
import { focusMainContent } from '../../lib/main-content';
import type { CookieAnswer } from '../../lib/cookie-consent';
import { answerCookieBanner } from '../../state/cookie-banner';
import { useCookieBannerShown } from '../../state/use-cookie-banner-shown';
import { IconTooltip } from '../ui/icon-tooltip';
import { CookieBannerCard } from './cookie-banner-card';

/** The live cookie banner of the floating dock: it replaces the one painted with the page. */
export function CookieBanner() {
  const visible = useCookieBannerShown();
  const closeTooltip = activeLocale().site.cookieBanner.closeTooltip;
  if (!visible) return null;
  const answer = (choice: CookieAnswer) => {
    focusMainContent(); // the banner and its focused button go away
    answerCookieBanner(choice);
  };
  return <CookieBannerCard onAnswer={answer} wrapClose={(button) => <IconTooltip label={closeTooltip}>{button}</IconTooltip>} />;
}
