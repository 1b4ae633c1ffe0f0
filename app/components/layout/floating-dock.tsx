import { CookieBanner } from './cookie-banner';
import { LanguageSuggestion } from './language-suggestion';
import { WhatsAppButton } from './whatsapp-button';

/**
 * The floating elements share one fixed strip so they never cover each other:
 * stacked on small screens, the offer of another language and the cookie
 * banner left and WhatsApp right on wider ones.
 */
export function FloatingDock() {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-end gap-3 p-4 md:flex-row-reverse md:items-end md:justify-between">
      <WhatsAppButton />
      <div className="flex w-full max-w-lg flex-col gap-3">
        <LanguageSuggestion />
        <CookieBanner />
      </div>
    </div>
  );
}
