import { TooltipProvider } from '../ui/tooltip-provider';
import { CookieBanner } from './cookie-banner';
import { FloatingDockFrame } from './floating-dock-frame';
import { LanguageSuggestion } from './language-suggestion';
import { WhatsAppButton } from './whatsapp-button';

/**
 * The offer of another language, the cookie banner and the WhatsApp button,
 * with their tooltips: a lazily loaded module (components/layout/site-layout.tsx
 * holds its place until it arrives).
 */
export default function FloatingDock() {
  return (
    <TooltipProvider>
      <FloatingDockFrame corner={<WhatsAppButton />}>
        <LanguageSuggestion />
        <CookieBanner />
      </FloatingDockFrame>
    </TooltipProvider>
  );
}
