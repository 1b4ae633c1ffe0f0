import { defineConfig, presetIcons, presetWind3, transformerVariantGroup } from 'unocss';
import { BACKGROUND_COLOUR, CARD_SHADOW, PALETTE } from './contract/brand-colours';
import { ASKING_ATTRIBUTE, PRERENDERED_COOKIE_BANNER_CLASS } from './app/start-up/prerendered-cookie-banner';

/**
 * Design tokens. Components use these shortcut and colour names, never raw hex;
 * the colours themselves are in contract/brand-colours.ts.
 */
export default defineConfig({
  presets: [
    presetWind3(),
    presetIcons({
      scale: 1.2,
      extraProperties: { display: 'inline-block', 'vertical-align': 'middle' },
      // Icons lucide draws only as outlines: a rating star must be solid, or five of them read as zero.
      collections: {
        site: {
          'star-filled':
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="currentColor" d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z"/></svg>',
        },
      },
    }),
  ],
  transformers: [transformerVariantGroup()],
  // Content modules (.ts) name icon classes too, so scan them as well as components: ours only, under app/
  // (react-dom's code, for one, holds words such as "view-transition-name", which would become dead rules).
  // The loading screen's markup reaches the page through index.html at build time, not through a module the browser loads.
  content: {
    pipeline: { include: [/\/app\/.*\.[jt]sx?($|\?)/, /\.html($|\?)/] },
    filesystem: ['app/start-up/loading-screen-markup.ts'],
  },
  // On dark backgrounds the focus ring turns light gold to keep its contrast.
  rules: [['on-dark-focus', { '--focus-ring': PALETTE.accent.light }]],
  theme: {
    colors: PALETTE,
    boxShadow: { card: CARD_SHADOW },
    breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  },
  shortcuts: {
    'page-container': 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8',
    // Off-screen sections skip layout and paint until scrolled near (content-visibility), so showing the page
    // after the loading screen lays out only what is in view; the intrinsic size keeps the scrollbar steady.
    section: 'py-14 md:py-20 [content-visibility:auto] [contain-intrinsic-size:auto_640px]',
    'section-title': 'text-3xl md:text-4xl font-bold tracking-tight text-ink',
    'section-lead': 'mt-3 text-lg text-muted max-w-3xl',
    eyebrow: 'text-sm font-semibold uppercase tracking-widest text-brand',
    card: 'rounded-2xl bg-paper p-6 shadow-card ring-1 ring-ink/5',
    btn: 'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors duration-150 disabled:(cursor-not-allowed opacity-70) aria-disabled:(cursor-not-allowed opacity-70)',
    'btn-primary': 'btn bg-accent text-ink hover:bg-accent-light',
    'btn-secondary': 'btn bg-brand text-paper hover:bg-ink',
    'btn-outline-light': 'btn border-2 border-paper/80 text-paper hover:bg-paper/10',
    'icon-btn': 'inline-flex h-11 w-11 items-center justify-center rounded-full transition-colors',
    'surface-dark': 'bg-ink text-paper on-dark-focus',
    'field-label': 'block text-sm font-semibold text-ink',
    'field-input':
      'mt-1 block w-full rounded-lg border border-muted/50 bg-paper px-4 py-3 text-ink placeholder:text-muted/90 aria-[invalid=true]:border-danger',
    'field-error': 'mt-1 text-sm text-danger',
  },
  preflights: [
    {
      getCSS: () => `
        :root { --focus-ring: ${PALETTE.brand.DEFAULT}; color-scheme: light; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: ${PALETTE.ink}; background: ${BACKGROUND_COLOUR}; line-height: 1.6; overflow-x: hidden; }
        /* Chinese in each system's own CJK face (macOS/iOS, Windows, Android/Linux), still no web font; Latin and figures keep the system face. */
        :lang(zh-Hans) body, body :lang(zh-Hans) { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Noto Sans SC', sans-serif; line-height: 1.7; }
        /* No heading ends on a lone word (or, in Chinese, a lone character), and no paragraph's last line either. */
        h1, h2, h3 { text-wrap: balance; }
        p, li, dd, blockquote { text-wrap: pretty; }
        /*
         * A Chinese heading breaks at its punctuation, not inside a word; a phrase too long for the
         * line still breaks: "anywhere", unlike "break-word", also lets the heading's box shrink to
         * the line, so that a long phrase never widens the page (320 px, WCAG's reflow width).
         * A long run without punctuation in the zh copy marks with \u200B where it may break
         * between phrases, or a narrow screen would break it anywhere, often leaving one character alone.
         */
        :lang(zh-Hans) :is(h1, h2, h3) { word-break: keep-all; overflow-wrap: anywhere; }
        :focus-visible { outline: 3px solid var(--focus-ring); outline-offset: 2px; }
        img, svg { max-width: 100%; }
        img { height: auto; }
        .${PRERENDERED_COOKIE_BANNER_CLASS} { display: none; }
        [${ASKING_ATTRIBUTE}] .${PRERENDERED_COOKIE_BANNER_CLASS} { display: block; }
        .carousel-frame { height: clamp(22rem, 43.75vw, 38rem); }
        .carousel-frame .swiper { height: 100%; }
        @media (hover: hover) and (pointer: fine) {
          .reveal-on-hover { opacity: 0; transition: opacity 150ms; }
          .group:hover .reveal-on-hover, .group:focus-within .reveal-on-hover { opacity: 1; }
        }
        @media (prefers-reduced-motion: reduce) { *, *::before, *::after { scroll-behavior: auto !important; transition-duration: 0.01ms !important; animation-duration: 0.01ms !important; } }
      `,
    },
  ],
});
