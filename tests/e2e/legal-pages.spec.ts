import type { Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';

/**
 * The legal pages (docs/product.md): the Personal Data Protection Notice in English
 * and Malay, with every item of PDPA 2010 s.7; the terms of use; and the links
 * that lead to them.
 */
const NOTICE_VERSIONS = [
  {
    lang: 'en',
    name: 'English',
    sections: [
      'The personal data we collect',
      'The purposes for which we use it',
      'Where it comes from',
      'Your right to access and correct it',
      'Who we share it with',
      'Your choices, and how to limit what we do with it',
      'Which details are obligatory',
      'How long we keep it',
      'Language',
    ],
    texts: [
      'First Name',
      'Last Name',
      'Email Address',
      'WhatsApp Number',
      'Message',
      'directly from you',
      'e-mail and alert providers',
      'hosting provider',
      'are obligatory: without them the form cannot be sent',
      'is voluntary',
      'We keep each enquiry for 730 days',
      'Data Protection Officer, Teratai Wealth Sdn. Bhd.',
    ],
  },
  {
    lang: 'ms',
    name: 'Bahasa Malaysia',
    sections: [
      'Data peribadi yang kami kumpulkan',
      'Tujuan kami menggunakannya',
      'Sumber data',
      'Hak anda untuk mengakses dan membetulkan data',
      'Pihak yang menerima data anda',
      'Pilihan anda, dan cara mengehadkan pemprosesan data',
      'Butiran yang wajib diberikan',
      'Tempoh kami menyimpan data',
      'Bahasa',
    ],
    texts: [
      'Nama Pertama',
      'Nama Akhir',
      'Alamat E-mel',
      'Nombor WhatsApp',
      'Mesej',
      'terus daripada anda',
      'penyedia e-mel dan makluman',
      'penyedia pengehosan',
      'wajib diisi: tanpanya, borang tidak dapat dihantar',
      'tidak wajib',
      'Kami menyimpan setiap pertanyaan selama 730 hari',
      'Pegawai Perlindungan Data, Teratai Wealth Sdn. Bhd.',
    ],
  },
] as const;

async function expectNoticeInBothLanguages(page: Page) {
  await expect(page).toHaveTitle('Personal Data Protection Notice | Teratai Wealth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Data Protection Notice');
  for (const version of NOTICE_VERSIONS) {
    const article = page.getByRole('article', { name: version.name });
    await expect(article).toHaveAttribute('lang', version.lang);
    await expect(article.getByRole('heading', { level: 3 })).toHaveText(
      version.sections.map((heading, index) => `${index + 1}. ${heading}`),
    );
    for (const text of version.texts) await expect(article).toContainText(text);
    await expect(article.getByRole('link', { name: 'privacy@teratai-wealth.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@teratai-wealth.example',
    );
    await expect(article.getByRole('link', { name: '+60 3-8000 1234' })).toHaveAttribute('href', 'tel:+60380001234');
  }
}

async function expectTerms(page: Page) {
  await expect(page).toHaveTitle('Terms of Use and Disclaimer | Teratai Wealth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use and Disclaimer');
  const main = page.locator('#main-content');
  await expect(main.getByRole('heading', { name: 'General information, not advice' })).toBeVisible();
  await expect(main).toContainText('it is not personal financial, investment, tax or legal advice');
  await expect(main.getByRole('heading', { name: 'Where our services are offered' })).toBeVisible();
  await expect(main).toContainText('Our services are offered in Malaysia.');
  await expect(main).toContainText('Past performance is not indicative of future performance.');
  await expect(main.getByRole('link', { name: 'Read the Personal Data Protection Notice' })).toHaveAttribute('href', ROUTE_PATHS.privacy);
}

test.describe('with JavaScript', () => {
  test('/privacy holds the whole notice in English and in Bahasa Malaysia', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.privacy);
    await expectNoticeInBothLanguages(page);
  });

  test('/terms holds the terms of use and the general-information disclaimer', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.terms);
    await expectTerms(page);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/privacy is prerendered in both languages', async ({ page }) => {
    const response = await page.goto(ROUTE_PATHS.privacy);
    expect(response?.status()).toBe(200);
    await expectNoticeInBothLanguages(page);
  });

  test('/terms is prerendered', async ({ page }) => {
    const response = await page.goto(ROUTE_PATHS.terms);
    expect(response?.status()).toBe(200);
    await expectTerms(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a link in Malay leads down to the Malay version', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.privacy);
    await page.getByRole('link', { name: 'Baca dalam Bahasa Malaysia' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bahasa Malaysia' })).toBeInViewport();
  });
});

test('beside the Send button, one line says sending means the notice was read, and links to it in a new tab', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, ROUTE_PATHS.contact);
  const form = page.getByRole('form', { name: 'Get Started Today' });
  const send = form.getByRole('button', { name: 'Send Message' });
  const link = form.getByRole('link', { name: /Personal Data Protection Notice/ });
  await expect(link.locator('xpath=..')).toHaveText(
    /^By sending this form you confirm that you have read our Personal Data Protection Notice/,
  );
  await expect(link).toHaveAttribute('href', ROUTE_PATHS.privacy);
  await expect(link).toHaveAttribute('target', '_blank');

  // Beside: on the button's row, starting just after it.
  const [button, line] = [(await send.boundingBox())!, (await link.locator('xpath=..').boundingBox())!];
  expect(line.y).toBeLessThan(button.y + button.height);
  expect(line.y + line.height).toBeGreaterThan(button.y);
  expect(line.x - (button.x + button.width)).toBeGreaterThanOrEqual(0);
  expect(line.x - (button.x + button.width)).toBeLessThan(40);

  const [notice] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Personal Data Protection Notice');
});

test('the footer links to the notice and the terms', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Privacy Notice' }).click();
  await expect(page).toHaveURL(ROUTE_PATHS.privacy);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Data Protection Notice');
  await footer.getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(ROUTE_PATHS.terms);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use and Disclaimer');
});

test.describe('with the cookie banner showing', () => {
  test.use({ storedConsent: null });

  test('the banner links to the notice, and stays until the visitor chooses', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.services);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('link', { name: 'Read our privacy notice' }).click();
    await expect(page).toHaveURL(ROUTE_PATHS.privacy);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal Data Protection Notice');
    await expect(banner).toBeVisible();
  });
});

test("the footer carries the firm's legal name, registration number and licence status", async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  const legalLine = page.locator('footer p').filter({ hasText: 'Teratai Wealth Sdn. Bhd.' });
  await expect(legalLine).toBeVisible();
  await expect(legalLine).toContainText('Company no. 201801012345 (1271234-A)');
  await expect(legalLine).toContainText('Capital Markets Services Licence');
  await expect(legalLine).toContainText('Securities Commission Malaysia');
  // brand.ts holds sample values: the line says so until they are replaced.
  await expect(legalLine).toContainText('Sample company details, for demonstration only.');
});
