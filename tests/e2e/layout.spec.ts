import type { Page } from '@playwright/test';
import { LOCALE_CODES, localisedPath } from '../../contract/locales';
import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

/** The layout rules of the pages at phone and desktop widths, measured on the boxes the browser lays out. */

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the contact form is sized by its fields: fields close together, a button of normal height', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.contact);
    const form = page.getByRole('form', { name: 'Get Started Today' });
    const inputs = ['Email Address', 'WhatsApp Number', 'Message'];
    const boxes = await Promise.all(
      inputs.map(async (label) => (await form.getByRole('textbox', { name: label, exact: true }).boundingBox())!),
    );
    for (let i = 1; i < boxes.length; i += 1) {
      // From one field's bottom to the next one's top: a label and the gap, about 50 px (it was 130 px).
      const gap = boxes[i]!.y - (boxes[i - 1]!.y + boxes[i - 1]!.height);
      expect(gap, `${inputs[i - 1]} to ${inputs[i]}`).toBeLessThan(60);
    }
    const send = (await form.getByRole('button', { name: 'Send Message' }).boundingBox())!;
    expect(send.height).toBeLessThan(56); // it was 83 px
    expect(send.height).toBeGreaterThanOrEqual(44); // still a comfortable target
  });

  test('the heroes of /services and /portfolio use their width: artwork beside the text', async ({ page }) => {
    for (const path of [ROUTE_PATHS.services, ROUTE_PATHS.portfolio]) {
      await openPage(page, path);
      const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
      const artwork = hero.getByRole('img');
      await expect(artwork).toBeVisible();
      const [heroBox, artBox] = [(await hero.boundingBox())!, (await artwork.boundingBox())!];
      expect(artBox.x, path).toBeGreaterThan(heroBox.width / 2 - 40);
      expect(artBox.width, path).toBeGreaterThan(heroBox.width / 3);
    }
  });

  test('a notification opens below the header, clear of the Login button', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.contact);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: 'Busy.', contentType: 'text/plain' }));
    await page.getByLabel('First Name').fill('Nurul');
    await page.getByLabel('Last Name').fill('Huda');
    await page.getByLabel('Email Address').fill('nurul@example.com');
    await page.getByLabel('Message').fill('A portfolio review, please.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('region', { name: /Notification/ }).locator('li');
    await expect(toast).toBeVisible();
    const header = (await page.locator('header').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The Login button still takes a click while the notification shows.
    await expect(page.locator('header').getByRole('link', { name: /Login/ })).toBeVisible();
    const login = (await page.locator('header').getByRole('link', { name: /Login/ }).boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent,
      [login.x + login.width / 2, login.y + login.height / 2],
    );
    expect(hit).toContain('Login');
  });
});

test('on scrolling, the header’s language line goes and its brand and menu line stays at the top', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  const languages = page.getByRole('banner').getByRole('link', { name: 'Bahasa Malaysia', exact: true });
  const brand = page.getByRole('banner').getByRole('link', { name: /Teratai Wealth/ });
  await expect(languages).toBeInViewport();
  const brandTop = (await brand.boundingBox())!.y;
  await page.mouse.wheel(0, 1200);
  await expect(languages).not.toBeInViewport();
  await expect.poll(async () => (await brand.boundingBox())!.y).toBeLessThan(brandTop);
  await expect(brand).toBeInViewport();
  expect((await page.getByRole('banner').boundingBox())!.y + 32).toBe(0);
});

test('each testimonial shows five filled stars, read as "Rated 5 out of 5"', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const ratings = page.getByRole('img', { name: 'Rated 5 out of 5' });
  await expect(ratings).toHaveCount(3);
  for (const rating of await ratings.all()) {
    const stars = rating.locator('span');
    await expect(stars).toHaveCount(5);
    // Each star is drawn through a mask of its SVG: a solid shape is filled, not stroked.
    const masks = await stars.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).maskImage || getComputedStyle(element).webkitMaskImage),
    );
    for (const mask of masks) {
      expect(mask).toContain('fill');
      expect(mask).not.toContain('stroke');
      expect(mask).not.toContain("fill='none'");
    }
  }
});

/** Elements that stick out past the right edge of the screen (outside any box that clips them). */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.checkVisibility() && !clipped(element))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}: ${element.textContent?.slice(0, 40)}`,
      );
  });
}

/** Text, links, buttons, fields and images whose box meets the floating WhatsApp button's. */
function contentUnderWhatsAppButton(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('a[aria-label^="Chat with us on WhatsApp"]')!;
    const dock = button.closest('.fixed')!;
    const b = button.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || dock.contains(node) || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const element of document.querySelectorAll('a, button, input, textarea, img')) {
      if (!dock.contains(element) && element.checkVisibility() && meets(element.getBoundingClientRect()))
        found.push(element.tagName.toLowerCase());
    }
    return found;
  });
}

test('the e-mail address is never broken across lines, nor sticks out of its card, at any width', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  for (const width of [360, 390, 640, 700, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const link of await page.getByRole('link', { name: 'hello@teratai-wealth.example' }).all()) {
      const { lines, overflow } = await link.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const box = (element.closest('li') ?? element.parentElement!).getBoundingClientRect();
        const text = range.getBoundingClientRect();
        return { lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size, overflow: text.right > box.right };
      });
      expect(lines, `lines at ${width} px`).toBe(1);
      expect(overflow, `sticks out at ${width} px`).toBe(false);
    }
  }
});

test('the header fits the page in every language at every width: nothing scrolls sideways, nothing sticks out of the page column', async ({
  page,
}) => {
  for (const locale of LOCALE_CODES) {
    await openPage(page, localisedPath(locale, ROUTE_PATHS.contact));
    for (const width of [768, 1024, 1279, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, outside } = await page.evaluate(() => {
        const row = document.querySelector('header .page-container')!;
        const style = getComputedStyle(row);
        const box = row.getBoundingClientRect();
        const [left, right] = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
        const controls = [...row.querySelectorAll('a, button')].filter((element) => element.checkVisibility());
        return {
          scrollWidth: document.documentElement.scrollWidth,
          outside: controls
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              return rect.left < left - 0.5 || rect.right > right + 0.5;
            })
            .map((element) => element.textContent?.trim() || element.getAttribute('aria-label')),
        };
      });
      expect(scrollWidth, `${locale} at ${width} px`).toBeLessThanOrEqual(width);
      expect(outside, `${locale} at ${width} px`).toEqual([]);
    }
  }
});

test('a Chinese heading breaks at its punctuation: no word split, no character left alone on a line', async ({ page }) => {
  for (const path of APP_ROUTE_PATHS) {
    await openPage(page, localisedPath('zh', path));
    for (const width of [320, 360, 390, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const headings = await page.locator('main :is(h1, h2, h3)').evaluateAll((elements) =>
        // A heading only screen readers get (sr-only, a 1 px box) has no lines to judge.
        elements
          .filter((element) => element.clientWidth > 1)
          .map((element) => {
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            const lines = new Map<number, string>();
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (let i = 0; i < node.textContent!.length; i += 1) {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                const rect = range.getClientRects()[0];
                if (rect) lines.set(Math.round(rect.top), (lines.get(Math.round(rect.top)) ?? '') + node.textContent![i]);
              }
            }
            // The phrase breaks (U+200B) have no width: not a character on a line.
            return {
              lines: [...lines.values()].map((line) => line.replaceAll('\u200B', '').trim()).filter(Boolean),
              overflows: element.scrollWidth > element.clientWidth,
            };
          }),
      );
      for (const heading of headings) {
        const where = `${path} at ${width} px: ${heading.lines.join(' | ')}`;
        expect(heading.overflows, where).toBe(false);
        if (heading.lines.length > 1)
          expect(
            heading.lines.filter((line) => [...line].length === 1),
            where,
          ).toEqual([]);
      }
      if (path === ROUTE_PATHS.home) expect(headings[0]!.lines[0], 'the home heading’s first line').toMatch(/、$/);
    }
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const path of APP_ROUTE_PATHS) {
    test(`${path}: nothing scrolls sideways, and at the end of the page nothing lies under the WhatsApp button`, async ({ page }) => {
      await openPage(page, path);
      if (path === ROUTE_PATHS.home) await closeAwardPopup(page);
      // The floating button arrives with its own lazily loaded module.
      await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
      expect(await overflowingElements(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1))
        .toBe(true);
      expect(await contentUnderWhatsAppButton(page)).toEqual([]);
    });
  }

  test('the skip link brings the page to just below the sticky header, not under it', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const [mainTop, headerBottom] = await page.evaluate(() => [
      document.querySelector('main')!.getBoundingClientRect().top,
      document.querySelector('header')!.getBoundingClientRect().bottom,
    ]);
    expect(mainTop).toBeGreaterThanOrEqual(headerBottom - 1);
  });

  test('the contact page offers a jump to the form, near the top', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.contact);
    const jump = page.getByRole('link', { name: 'Write to us' });
    await expect(jump).toBeInViewport();
    await jump.click();
    await expect(page.getByRole('heading', { name: 'Get Started Today' })).toBeInViewport();
    await expect(page.getByLabel('First Name')).toBeInViewport();
  });
});
