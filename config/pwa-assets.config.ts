import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/**
 * The app icons, made from one source image by `npm run icons` (run before
 * every build). The source is a full-bleed square whose mark sits inside the
 * central 60%, so no padding is added: it is already maskable-safe.
 */
export default defineConfig({
  preset: {
    ...minimal2023Preset,
    transparent: { ...minimal2023Preset.transparent, padding: 0 },
    maskable: { ...minimal2023Preset.maskable, sizes: [192, 512], padding: 0 },
    apple: { ...minimal2023Preset.apple, padding: 0 },
  },
  images: ['public/icons/icon-source.svg'],
});
