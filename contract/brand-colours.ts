/**
 * The brand's colours, once. UnoCSS makes its colour classes from PALETTE
 * (text-ink, bg-brand-pale, ...); the web manifest and the page's theme-color
 * take THEME_COLOUR and BACKGROUND_COLOUR; the service's no-JavaScript contact
 * page, which cannot load the built stylesheet, writes its own rules with them.
 *
 * Contrast (WCAG AA) was checked for each text/background pair used:
 * ink on paper 15.8:1, muted on paper 7.1:1, paper on brand 9.3:1,
 * accent on ink 7.6:1, ink on accent 7.6:1, paper on teal 4.97:1, paper on whatsapp 5.2:1.
 */
export const PALETTE = {
  ink: '#0b2530',
  brand: { DEFAULT: '#0f4c5c', light: '#1f7a8c', pale: '#e3f1f3' },
  accent: { DEFAULT: '#c9a227', light: '#f1dc9a', dark: '#7a5f0e' },
  paper: { DEFAULT: '#ffffff', warm: '#f7f5f0' },
  muted: '#44525c',
  danger: { DEFAULT: '#a61b2b', pale: '#fdecee' },
  whatsapp: '#0e7a6e',
} as const;

/** The browser's own bars around the site and the installed app. */
export const THEME_COLOUR = PALETTE.ink;

/** Behind every page, and behind the installed app's icon while it starts. */
export const BACKGROUND_COLOUR = PALETTE.paper.warm;

/** The red, green and blue of `#rrggbb`, as CSS lists them. */
const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');

/** `#rrggbb` as CSS's rgb(), the form a browser's computed style gives. */
export function cssRgb(hex: string): string {
  return `rgb(${channels(hex)})`;
}

/** `#rrggbb` at an opacity, as CSS's rgba(). */
function translucent(hex: string, alpha: number): string {
  return `rgba(${channels(hex)}, ${alpha})`;
}

/** A card lifted off the page: a close, sharper shadow and a wide, faint one, both in ink. */
export const CARD_SHADOW = `0 1px 3px ${translucent(PALETTE.ink, 0.12)}, 0 8px 24px ${translucent(PALETTE.ink, 0.06)}`;
