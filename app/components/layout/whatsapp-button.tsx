import { useState } from 'react';
import { whatsappDeepLink } from '../../content/brand';
import { activeLocale } from '../../i18n/active-locale';
import { IconTooltip } from '../ui/icon-tooltip';

/**
 * The floating WhatsApp button. Its close icon hides it until the page is
 * reloaded (component state, nothing stored); the icon is always shown on touch
 * screens and on hover or keyboard focus where there is a mouse.
 */
export function WhatsAppButton() {
  const [hidden, setHidden] = useState(false);
  const copy = activeLocale().site.whatsapp;
  if (hidden) return null;

  return (
    <div className="group pointer-events-auto relative">
      <a
        href={whatsappDeepLink(copy.greeting)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={copy.open}
        className="flex h-15 w-15 items-center justify-center rounded-full bg-whatsapp text-paper shadow-xl transition-transform hover:scale-105"
      >
        <span aria-hidden="true" className="i-lucide-message-circle text-3xl" />
      </a>
      <IconTooltip label={copy.hide}>
        <button
          type="button"
          aria-label={copy.hide}
          onClick={() => setHidden(true)}
          // The light ring keeps the dark icon visible over the dark footer as well as over light sections.
          className="reveal-on-hover absolute -left-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-ink text-paper shadow-md ring-2 ring-paper"
        >
          <span aria-hidden="true" className="i-lucide-x text-sm" />
        </button>
      </IconTooltip>
    </div>
  );
}
