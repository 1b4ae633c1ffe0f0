/**
 * A staff member's first sign-in to /inbox, as the inbox's browser tests
 * make it: the password and the enrolment code `users add` printed, then the
 * authenticator set up from the setup key the page shows, with a code
 * computed here, and the recovery codes acknowledged.
 */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TEXTS } from '../../app/inbox/texts';

/** The authenticator's current code for a setup key as the enrolment page shows it (in groups). */
export const codeFor = (setupKey: string) =>
  new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** Signs in with the enrolment code and sets up the second factor; ends on the list of enquiries. */
export async function enrol(page: Page, username: string, password: string, enrolmentCode: string) {
  await page.goto('/inbox');
  await page.getByLabel(TEXTS.signIn.username).fill(username);
  await page.getByLabel(TEXTS.signIn.password, { exact: true }).fill(password);
  await page.getByLabel(TEXTS.signIn.code).fill(enrolmentCode);
  await page.getByRole('button', { name: TEXTS.signIn.submit }).click();
  const setupKey = await page.locator('dt', { hasText: TEXTS.enrol.setupKey }).locator('+ dd').innerText();
  await page.getByLabel(TEXTS.enrol.code).fill(codeFor(setupKey));
  await page.getByRole('button', { name: TEXTS.enrol.submit }).click();
  await page.getByRole('button', { name: TEXTS.recovery.saved }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.list.heading })).toBeFocused();
}
