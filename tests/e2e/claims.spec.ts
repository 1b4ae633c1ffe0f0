import type { Locator } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

/**
 * Claims in context (docs/product.md): each figure shows what it counts and over
 * which period, wherever it stands (the satisfaction score is not a result,
 * the return is a model's), and the risk warning stands right under the row of figures.
 */
const FIGURES = [
  { label: 'Active Clients', value: '1000+', basis: 'Clients with an open account on 31 Dec 2024' },
  { label: 'Success Rate', value: '96%', basis: 'yearly satisfaction survey, 2019–2024: satisfaction, not investment results' },
  {
    label: 'Average Returns',
    value: '24%',
    basis: 'model growth portfolio after fees, 2019–2024: a model that no client held for the whole period',
  },
  { label: 'Total Projects', value: '20+', basis: 'Corporate mandates completed, 2018–2024' },
] as const;

const RISK_POINTS = [
  'Past performance is not indicative of future performance.',
  'The value of investments can go down as well as up',
  'Returns are not guaranteed.',
];

async function expectFiguresInContext(figures: Locator) {
  for (const figure of FIGURES) {
    const card = figures.locator('dl > div').filter({ hasText: figure.label });
    await expect(card.locator('dd').first()).toHaveText(figure.value);
    await expect(card).toContainText(figure.basis);
  }
  const list = figures.locator('dl');
  const note = figures.getByRole('note');
  for (const point of RISK_POINTS) await expect(note).toContainText(point);
  await expect(note).toBeVisible();
  // The figures name the note as their description, and it sits right under them.
  expect(await list.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
  const [listBox, noteBox] = [(await list.boundingBox())!, (await note.boundingBox())!];
  const gap = noteBox.y - (listBox.y + listBox.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(40);
}

test('the home hero shows each figure with its basis and period, and the risk note under them', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expectFiguresInContext(hero);
});

test("the portfolio's Performance Overview does the same, and the page has a full Important Information block", async ({ page }) => {
  await openPage(page, ROUTE_PATHS.portfolio);
  const overview = page.getByRole('region', { name: 'Performance Overview' });
  await expectFiguresInContext(overview);

  const information = page.getByRole('region', { name: 'Important Information' });
  await expect(information.getByRole('heading', { level: 2 })).toHaveText('Important Information');
  for (const figure of FIGURES) await expect(information).toContainText(`${figure.label}: ${figure.value}`);
  for (const point of RISK_POINTS) await expect(information).toContainText(point);
  await expect(information).toContainText('not advice about your own situation');
  await expect(information).toContainText('Capital Markets Services Licence');
  await expect(information.getByRole('link', { name: 'Terms of use and disclaimer' })).toHaveAttribute('href', ROUTE_PATHS.terms);
});
