/**
 * The Chromium that the browser tests, the benchmarks and the screenshots
 * drive: Debian's by default; set CHROMIUM_PATH to use another (Playwright's
 * own, on a developer's machine).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless in a container, with no background traffic to disturb a test or a measurement. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
