import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './config/pwa';

export default defineConfig({
  plugins: [react(), UnoCSS(), VitePWA(pwaOptions)],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npm run dev` serves the page with hot reload; the API comes from `npm run serve`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
