import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { openWorksheet } from '../pages/worksheet-page';

/** Whether a box's content is cut: wider or taller than the box shows (a stray scrollbar, an ellipsis). */
const overflow = (box: Locator) =>
  box.evaluate((e) => ({ x: e.scrollWidth - e.clientWidth, y: e.scrollHeight - e.clientHeight }));

test('a sorted column keeps its whole name in the header', async ({ page }) => {
  const worksheet = await openWorksheet(page);
  await worksheet.run(`SELECT 1.5 AS double, 3 AS amount, 'word' AS category, 'x' AS t;`);
  for (const name of ['double', 'amount', 'category', 't']) {
    const header = worksheet.columnHeader(name);
    // Ascending, then descending: each arrow takes its room beside the name.
    for (const sort of ['ascending', 'descending']) {
      await header.locator('.ag-header-cell-label').click();
      await expect(header).toHaveAttribute('aria-sort', sort);
      expect(await overflow(header.locator('.ag-header-cell-text')), `${name} ${sort}`).toEqual({
        x: 0,
        y: 0,
      });
    }
  }
});

test('the worksheet tab strip shows no scrollbar of its own', async ({ page }) => {
  const worksheet = await openWorksheet(page);
  expect(await overflow(worksheet.worksheetTabs)).toEqual({ x: 0, y: 0 });
});
