import fs from 'node:fs/promises';
import { test, expect } from '../fixtures';
import { openWorksheet, uploadCsv, watchForProblems, WorksheetPage } from '../pages/worksheet-page';

// The result grid: exports, sorting, filters, search, resizing, block copy, the value viewer, themes.

// Reading the clipboard back is how the copy tests check what was copied.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
watchForProblems(test, expect);

test('exports the whole result as CSV and JSON', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.run(`SELECT range AS id, CASE WHEN range = 1 THEN NULL ELSE 'a, "b"' END AS note,
  {'k': range::INTEGER} AS meta FROM range(3)`);
  await expect(ws.status).toContainText('3 rows');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^result-\d{8}-\d{6}\.csv$/);
  expect(await fs.readFile((await csv.path())!, 'utf8')).toBe(
    'id,note,meta\r\n0,"a, ""b""","{""k"":0}"\r\n1,,"{""k"":1}"\r\n2,"a, ""b""","{""k"":2}"',
  );
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(JSON.parse(await fs.readFile((await json.path())!, 'utf8'))).toEqual([
    { id: 0, note: 'a, "b"', meta: { k: 0 } },
    { id: 1, note: null, meta: { k: 1 } },
    { id: 2, note: 'a, "b"', meta: { k: 2 } },
  ]);
});

test('sorts, filters, searches, copies a cell and a block, and views JSON', async ({ page, request }) => {
  await uploadCsv(request, 'people', 'id,name,score\n1,ann,30\n2,bob,10\n3,cy,20\n4,dee,40\n');
  const ws = await openWorksheet(page);
  await ws.run("SELECT id, name, score, {'tags': ['x', name]} AS meta FROM files.people ORDER BY id");
  await expect(ws.status).toContainText('4 rows');

  // Sort by score (click the header), descending with a second click.
  await ws.columnHeader('score').click();
  await expect(ws.cell(0, 2)).toHaveText('10');
  // Numbers line up on the right.
  await expect(ws.cell(0, 2)).toHaveClass(/ag-right-aligned-cell/);
  await ws.columnHeader('score').click();
  await expect(ws.cell(0, 2)).toHaveText('40');
  // Row numbers follow the displayed order.
  await expect(ws.rowNumberCell(0)).toHaveText('1');

  // Search box (quick filter) narrows the rows and the count says so.
  await page.getByRole('searchbox', { name: 'Search rows' }).fill('bob');
  await expect(ws.status).toContainText('1 of 4 rows');
  await page.getByRole('searchbox', { name: 'Search rows' }).fill('');
  await expect(ws.status).toContainText('4 rows');

  // Copy one cell with the keyboard.
  await expect(ws.cell(0, 1)).toHaveText('dee');
  await ws.cell(0, 1).click();
  await expect(ws.cell(0, 1)).toHaveClass(/ag-cell-focus/); // the grid has taken the click: copy it
  await page.keyboard.press('ControlOrMeta+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('dee');

  // Shift-click selects a block; Ctrl+C copies it as tab-separated lines.
  await ws.cell(2, 2).click({ modifiers: ['Shift'] });
  await expect(ws.status).toContainText('3 × 2 selected');
  await expect(ws.cell(1, 1)).toHaveClass(/ks-cell-in-range/);
  await page.keyboard.press('ControlOrMeta+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('dee\t40\nann\t30\ncy\t20');
  // Shift+arrow grows the block; the toolbar copies it with headers.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(ws.status).toContainText('3 × 3 selected');
  await page.getByRole('button', { name: 'Copy with headers' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'name\tscore\tmeta\ndee\t40\t{"tags":["x","dee"]}\nann\t30\t{"tags":["x","ann"]}\ncy\t20\t{"tags":["x","cy"]}',
  );

  // A row number selects the whole row.
  await ws.rowNumberCell(3).click();
  // The selection follows the click a moment later: copying before it would copy the block above.
  await expect(ws.status).toContainText('1 × 4 selected');
  await page.keyboard.press('ControlOrMeta+C');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('2\tbob\t10\t{"tags":["x","bob"]}');

  // Double-click opens the value viewer with indented JSON; it follows the focus.
  await ws.cell(0, 3).dblclick();
  await expect(ws.viewer.getByRole('heading')).toContainText('meta · row 1');
  await expect(ws.viewer.getByLabel('Value of meta')).toHaveText(
    '{\n  "tags": [\n    "x",\n    "dee"\n  ]\n}',
  );
  await page.keyboard.press('ArrowDown');
  await expect(ws.viewer.getByLabel('Value of meta')).toContainText('"ann"');
  await page.keyboard.press('Escape');
  await expect(ws.viewer).toBeHidden();

  // Resize a column by its header edge, then double-click the edge to fit the column to its contents.
  const header = ws.columnHeader('name');
  const before = (await header.boundingBox())!.width;
  const edge = (await header.locator('.ag-header-cell-resize').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + 120, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 80);
  const widened = (await header.boundingBox())!.width;
  await header.locator('.ag-header-cell-resize').dblclick();
  await expect.poll(async () => (await header.boundingBox())!.width).toBeLessThan(widened);

  // Text filter on a text column.
  await header.locator('.ag-header-cell-filter-button').click();
  // Once a condition is typed the filter offers a second one: the first box is the one to use.
  const nameFilter = page.getByRole('textbox', { name: 'Filter Value' }).first();
  await nameFilter.fill('e');
  await expect(ws.status).toContainText('1 of 4 rows');
  await nameFilter.fill('');
  await expect(ws.status).toContainText('4 rows');
  await page.keyboard.press('Escape');

  // Column filter: the funnel in the header (a mouse affordance the grid hides from the accessibility tree).
  await ws.columnHeader('score').locator('.ag-header-cell-filter-button').click();
  await page.getByRole('spinbutton', { name: 'Filter Value' }).fill('20');
  await expect(ws.status).toContainText('1 of 4 rows');
  await expect(ws.cell(0, 1)).toHaveText('cy');
});

test('draws only the rows on screen of a large result, and reaches its last row', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.run("SELECT range AS n, 'row ' || range AS label FROM range(50000)");
  await expect(ws.status).toContainText('50,000 rows');
  await expect(ws.cell(0, 1)).toHaveText('row 0');
  // Virtualised: a screenful of rows in the page, not fifty thousand.
  expect(await ws.grid.locator('[role="row"][row-index]').count()).toBeLessThan(60);

  // One long wheel turn over the rows takes them to the bottom, where the last rows are drawn.
  await ws.cell(0, 1).hover();
  await page.mouse.wheel(0, 50_000 * 40);
  await expect(ws.cell(49999, 1)).toHaveText('row 49999');
  await expect(ws.rowNumberCell(49999)).toHaveText('50000');
  expect(await ws.grid.locator('[role="row"][row-index]').count()).toBeLessThan(60);

  // And back to the top with the keyboard.
  await ws.cell(49999, 0).click();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(ws.cell(0, 1)).toHaveText('row 0');
});

test('a large result, drawn in two steps, sorts and searches over every row', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.run('SELECT range AS n FROM range(30000)');
  await expect(ws.cell(0, 0)).toHaveText('0');
  await expect(ws.status).toContainText('30,000 rows');
  // Sorted at once: the grid holds all 30,000 rows by now, not only the 200 it drew first.
  await ws.columnHeader('n').click();
  await ws.columnHeader('n').click(); // descending
  await expect(ws.cell(0, 0)).toHaveText('29999');
  await page.getByRole('searchbox', { name: 'Search rows' }).fill('2999');
  await expect(ws.status).toContainText('13 of 30,000 rows'); // 2999, 12999, 22999 and 29990-29999;
});

test('follows the OS colour scheme, grid and editor included', async ({ browser, baseURL }, testInfo) => {
  const backgrounds: Record<string, string> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      colorScheme,
      baseURL,
      viewport: { width: 1280, height: 760 },
    });
    const page = await context.newPage();
    const ws = new WorksheetPage(page);
    await ws.goto();
    await ws.setSql("SELECT 1 AS n, 'text' AS t, NULL AS missing, {'a': 1} AS meta;\nSELECT * FROM nowhere");
    await ws.cursorAfter('SELECT 1');
    await ws.runCurrent();
    await expect(ws.cell(0, 1)).toHaveText('text');
    const editorBg = await ws.editor.evaluate(
      (el) => getComputedStyle(el.closest('.cm-editor')!).backgroundColor,
    );
    const gridBg = await ws
      .cell(0, 1)
      .evaluate((el) => getComputedStyle(el.closest('.ag-root-wrapper')!).backgroundColor);
    expect(editorBg).toBe(gridBg);
    backgrounds[colorScheme] = gridBg;
    await testInfo.attach(`worksheet-${colorScheme}`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await context.close();
  }
  expect(backgrounds.light).not.toBe(backgrounds.dark);
});

// Last in the file: the server goes on computing the stopped statement, and later ones queue behind it.
