/**
 * The staff inbox's pages for `npm run screenshots`, at each width: sign-in,
 * enrolment, the recovery codes, the list, an enquiry, held for review, a
 * personal-data request and the account. It needs the service's store, so it
 * runs only on the service the screenshot script starts: an account is made
 * with the CLI, a few enquiries are sent as visitors send them, and the
 * second factor is set up with a code computed from the setup key.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const USERNAME = 'aisyah';
const PASSWORD = 'Screenshot-lotus-2026';

const VISITORS = [
  {
    firstName: 'Zainab',
    lastName: 'Rahman',
    email: 'zainab@example.com',
    phone: '+60 12-345 6789',
    message: 'I would like advice on my retirement savings, and on how to leave something for my grandchildren.',
  },
  {
    firstName: 'Wei',
    lastName: 'Chen',
    email: 'wei.chen@example.com',
    phone: '',
    message: 'Which unit trusts would you suggest for my children’s education?',
  },
  { firstName: 'Kavitha', lastName: 'Nair', email: 'kavitha@example.com', phone: '03-8000 1234', message: 'A question about your fees.' },
  {
    firstName: 'Cheap',
    lastName: 'Watches',
    // A disposable-mail address: held for review (a filled honeypot is only counted).
    email: 'robot@mailinator.com',
    phone: '',
    message: 'Buy now, limited offer!',
  },
];

async function send(origin: string, visitor: (typeof VISITORS)[number]) {
  const response = await fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ service: '', website: '', locale: 'en', ...visitor }),
  });
  if (response.status !== 201) throw new Error(`The service refused a sample enquiry: ${response.status} ${await response.text()}`);
}

export async function captureInboxScreenshots(browser: Browser, origin: string, serviceEnv: NodeJS.ProcessEnv, dir: string) {
  const added = spawnSync('npm', ['run', '--silent', 'enquiries', '--', 'users', 'add', USERNAME], {
    env: serviceEnv,
    input: `${PASSWORD}\n`,
  });
  if (added.status !== 0) throw new Error(`users add failed: ${added.stderr.toString()}`);
  const enrolmentCode = /^Enrolment code: (\S+)$/m.exec(added.stdout.toString())?.[1];
  if (enrolmentCode === undefined) throw new Error(`users add printed no enrolment code: ${added.stdout.toString()}`);
  for (const visitor of VISITORS) await send(origin, visitor);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const shoot = async (name: string) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const file = path.join(dir, `${width}-inbox-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
    }
  };
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

  await page.goto(`${origin}/inbox`);
  await heading(page, 'Sign in to the inbox');
  await shoot('sign-in');
  await page.getByLabel('Username').fill(USERNAME);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authentication code').fill(enrolmentCode);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, 'Set up your authentication code');
  await shoot('enrol');
  const setupKey = (await page.locator('dt', { hasText: 'Setup key' }).locator('+ dd').innerText()).replace(/\s/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(setupKey), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await heading(page, 'Save your recovery codes');
  await shoot('recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('table').waitFor();
  await shoot('list');
  await page.getByRole('link', { name: 'Zainab Rahman' }).click();
  await page.getByRole('heading', { name: 'Details' }).waitFor();
  await shoot('enquiry');
  await page.goto(`${origin}/inbox/held`);
  await page.getByRole('button', { name: /Not spam/ }).waitFor();
  await shoot('held');
  await page.goto(`${origin}/inbox/requests`);
  await page.getByLabel('E-mail address').fill('zainab@example.com');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Delete for good' }).waitFor();
  await shoot('requests');
  await page.goto(`${origin}/inbox/account`);
  await heading(page, 'Your account');
  await shoot('account');
  await context.close();
}
