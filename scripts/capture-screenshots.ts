/**
 * Re-makes the web-app manifest's screenshots (public/screenshots/) from the
 * running site: `npm start` in one terminal, then `npm run screenshots`.
 * SITE_ORIGIN picks another server (default http://127.0.0.1:3000).
 */
import { chromium } from '@playwright/test';

const origin = process.env.SITE_ORIGIN ?? 'http://127.0.0.1:3000';
const SHOTS = [
  { file: 'public/screenshots/wide.jpg', path: '/', width: 1280, height: 720 },
  { file: 'public/screenshots/narrow.jpg', path: '/services', width: 390, height: 844 },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
    await context.addInitScript(() => localStorage.setItem('tw-cookie-consent', 'accepted'));
    const page = await context.newPage();
    await page.goto(`${origin}${shot.path}`);
    await page.locator('#main-content').waitFor();
    if (shot.path === '/') {
      const award = page.getByRole('dialog');
      await award.waitFor();
      await page.keyboard.press('Escape');
      await award.waitFor({ state: 'hidden' });
    }
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot.file, type: 'jpeg', quality: 80 });
    console.log(`wrote ${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
}
