import fs from 'node:fs/promises';
import { test, expect } from '../fixtures';
import { openWorksheet, uploadCsv, watchForProblems } from '../pages/worksheet-page';

// The result grid's exports follow what it shows; the row-number column fits its largest number.
watchForProblems(test, expect);

test('a filtered, sorted grid exports what it shows, and offers every row', async ({ page, request }) => {
  await uploadCsv(request, 'scores', 'id,name,score\n1,ann,30\n2,bob,10\n3,cy,20\n4,dee,40\n');
  const ws = await openWorksheet(page);
  await ws.run('SELECT id, name, score FROM files.scores ORDER BY id');
  await expect(ws.status).toContainText('4 rows');
  const search = page.getByRole('searchbox', { name: 'Search rows' });
  await ws.columnHeader('score').click(); // score ascending
  await expect(ws.cell(0, 2)).toHaveText('10');
  const download = async (name: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name }).click(),
    ]);
    return fs.readFile((await file.path())!, 'utf8');
  };
  // Sorted by score: the export follows the grid's order.
  expect(await download('Export CSV')).toBe('id,name,score\r\n2,bob,10\r\n3,cy,20\r\n1,ann,30\r\n4,dee,40');
  // Search narrows it: only what is shown.
  await search.fill('4');
  await expect(ws.status).toContainText('1 of 4 rows');
  expect(JSON.parse(await download('Export JSON'))).toEqual([{ id: 4, name: 'dee', score: 40 }]);
  // "all rows" exports every row in the server's order.
  await page.getByLabel('all 4 rows').check();
  expect(await download('Export CSV')).toBe('id,name,score\r\n1,ann,30\r\n2,bob,10\r\n3,cy,20\r\n4,dee,40');
});

test('the row-number column shows 100000 in full', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.run('SELECT range AS n FROM range(100000)');
  await expect(ws.status).toContainText('100,000 rows');
  await ws.cell(0, 0).click();
  await page.keyboard.press('ControlOrMeta+ArrowDown');
  const last = ws.rowNumberCell(99_999);
  await expect(last).toHaveText('100000');
  const cut = await last.evaluate((el) => {
    const text = (el.querySelector('.ag-cell-value') ?? el) as HTMLElement;
    return text.scrollWidth > text.clientWidth;
  });
  expect(cut).toBe(false);
});

test('a result over 100,000 rows shows the first 100,000, says so, and exports in full from the server', async ({
  page,
}) => {
  const ws = await openWorksheet(page);
  await ws.run("SELECT range AS n, 'r' || range AS label FROM range(150000)");
  const notice = ws.results.getByText(/^Showing the first 100,000 rows: the result has more/);
  await expect(notice).toBeVisible();
  await expect(ws.status).toContainText('100,000 rows');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    ws.results.getByRole('button', { name: 'Export the full result (CSV)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('result-full.csv');
  const lines = (await fs.readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(150_001);
  expect(lines[0]).toBe('n,label');
  expect(lines.at(-1)).toBe('149999,r149999');
});
