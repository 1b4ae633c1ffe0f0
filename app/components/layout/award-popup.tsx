import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import awardBadge from '../../assets/images/award-badge.svg';
import { AWARD_POPUP_DELAY_MS } from '../../config/timings';
import { markAwardShown, mayOpenAwardPopup, PHONE_MEDIA_QUERY, wasAwardShownThisSession } from '../../lib/award-popup-rule';
import { pageCopy } from '../../i18n/active-locale';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCookieBannerShown } from '../../state/use-cookie-banner-shown';
import { pageShownAt } from '../../start-up/page-shown';
import { focusMainContent } from '../../lib/main-content';

/**
 * The home page's award announcement, opened once the page has been up for the
 * spec's delay: counted from the page's appearance, not from this module's
 * arrival, which may come later on a slow network. It opens at most once per
 * browser session, and on a phone not over the cookie banner
 * (lib/award-popup-rule.ts): there the delay counts from the banner's dismissal.
 */
export default function AwardPopup() {
  const [open, setOpen] = useState(false);
  const landed = useLocation().key === 'default';
  const cookieBannerVisible = useCookieBannerShown();
  const phoneWidth = useMediaQuery(PHONE_MEDIA_QUERY);
  const waitedForBanner = useRef(false);
  const AWARD = pageCopy('home').award;

  useEffect(() => {
    const shownThisSession = wasAwardShownThisSession(sessionStorage);
    if (!mayOpenAwardPopup({ shownThisSession, cookieBannerVisible, phoneWidth })) {
      if (!shownThisSession) waitedForBanner.current = true;
      return;
    }
    // The page the visitor landed on (key "default") appeared with the page itself; one reached in the app appears now.
    const since = landed && !waitedForBanner.current ? (pageShownAt() ?? performance.now()) : performance.now();
    const timer = setTimeout(
      () => {
        markAwardShown(sessionStorage);
        setOpen(true);
      },
      Math.max(0, since + AWARD_POPUP_DELAY_MS - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [landed, cookieBannerVisible, phoneWidth]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-ink/70" />
        <Dialog.Content
          // Opened by a timer, not by a control: focus returns to the page's content rather than to the top of the document.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusMainContent();
          }}
          className="fixed left-1/2 top-1/2 z-[85] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-paper p-8 text-center shadow-2xl"
        >
          <img src={awardBadge} alt={AWARD.imageAlt} width={160} height={160} className="mx-auto h-40 w-40" />
          <Dialog.Title className="mb-0 mt-4 text-2xl font-bold text-ink">{AWARD.title}</Dialog.Title>
          <Dialog.Description className="mb-0 mt-3 text-muted">
            {AWARD.description} {AWARD.presentedBy}
          </Dialog.Description>
          <Dialog.Close className="btn-secondary mt-6">{AWARD.close}</Dialog.Close>
          <Dialog.Close aria-label={AWARD.closeLabel} className="icon-btn absolute right-2 top-2 text-muted hover:bg-ink/5">
            <span aria-hidden="true" className="i-lucide-x text-xl" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
