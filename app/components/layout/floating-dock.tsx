import { CookieBanner } from './cookie-banner';
import { FloatingDockFrame } from './floating-dock-frame';
import { LanguageSuggestion } from './language-suggestion';
import { WhatsAppButton } from './whatsapp-button';

/** The offer of another language, the cookie banner and the WhatsApp button. */
export function FloatingDock() {
  return (
    <FloatingDockFrame corner={<WhatsAppButton />}>
      <LanguageSuggestion />
      <CookieBanner />
    </FloatingDockFrame>
  );
}
