import path from 'node:path';
import { LOCALE_CODES, localisedPath } from '../../contract/locales';
import { ROUTE_PATHS } from '../../contract/routes';
import { checkBudgets, formatReport } from '../../scripts/check-budgets';
import { expect, test } from './fixtures';

// Reads the build under test (the server serves DIST_DIR, by default dist/): sizes, not timings.
test('the built site keeps its speed budgets', async () => {
  const report = await checkBudgets(path.resolve(process.env.DIST_DIR ?? 'dist'));
  test.info().annotations.push({ type: 'budgets', description: formatReport(report) });
  expect(report.failures, formatReport(report)).toEqual([]);
  expect(report.firstPages.map((page) => page.path)).toEqual(LOCALE_CODES.map((locale) => localisedPath(locale, ROUTE_PATHS.home)));
  for (const page of report.firstPages) expect(page.files.length).toBeGreaterThan(0);
  expect(report.precacheEntries).toBeGreaterThan(0);
});
