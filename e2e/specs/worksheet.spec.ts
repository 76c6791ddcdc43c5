import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { WorksheetPage } from '../pages/worksheet-page';

// Reading the clipboard back is how the copy tests check what was copied.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Grid and page errors fail the test: a grid feature whose module is missing only shows up at run time. */
let problems: string[] = [];
test.beforeEach(({ page }) => {
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /AG Grid/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
});
test.afterEach(() => expect(problems).toEqual([]));

async function upload(request: APIRequestContext, name: string, csv: string): Promise<void> {
  const response = await request.put(`/api/files/${name}`, {
    multipart: { file: { name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(response.ok()).toBe(true);
}

async function open(page: Page): Promise<WorksheetPage> {
  const ws = new WorksheetPage(page);
  await ws.goto();
  return ws;
}

test('runs the statement under the cursor, then all of them, one result tab each', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('SELECT 1 AS one;\nSELECT 2 AS two, NULL AS nothing;');
  await ws.cursorAfter('SELECT 2');
  await ws.runCurrent();
  await expect(ws.resultTabs.getByRole('tab')).toHaveCount(1);
  await expect(ws.columnHeader('two')).toBeVisible();
  await expect(ws.cell(0, 0)).toHaveText('2');
  // NULL is spelled out and styled apart from text.
  await expect(ws.cell(0, 1)).toHaveText('NULL');
  await expect(ws.cell(0, 1)).toHaveClass(/ks-cell-null/);
  await expect(ws.status).toContainText(/1 row · \d+ ms/);

  await ws.runAll();
  await expect(ws.resultTabs.getByRole('tab')).toHaveCount(2);
  await expect(ws.resultTab(1)).toHaveAttribute('aria-selected', 'true');
  await ws.resultTab(0).click();
  await expect(ws.columnHeader('one')).toBeVisible();
  await expect(ws.cell(0, 0)).toHaveText('1');
  // Arrow keys move between result tabs.
  await ws.resultTab(0).press('ArrowRight');
  await expect(ws.columnHeader('two')).toBeVisible();
});

test('marks an error where the server says it is, and sends the cursor there', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('SELECT 1;\nSELECT *\nFRM files.x;');
  await ws.runAll();
  const alert = ws.results.getByRole('alert');
  await expect(alert).toContainText('syntax error at or near "files"');
  await expect(ws.resultTab(1)).toContainText('error');
  const mark = ws.editor.getByTitle('Syntax error: syntax error at or near "files"');
  await expect(mark).toHaveText('files');
  await alert.getByRole('button', { name: 'Go to line 3, column 5' }).click();
  await expect(ws.editor).toBeFocused();
  await page.keyboard.type('Z');
  await expect(ws.editor).toContainText('FRM Zfiles.x');
});

test('the session follows USE, and ok results show affected rows', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('CREATE PROJECT IF NOT EXISTS sales;\nUSE sales;');
  await ws.runAll();
  await expect(ws.resultTab(0)).toContainText('ok');
  await ws.resultTab(0).click();
  await expect(ws.results.getByRole('status')).toContainText('1 row affected');
  await expect(page.getByText('Database sales')).toBeVisible();
});

test('asks before DROP and DELETE, and runs nothing when told no', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('CREATE PROJECT IF NOT EXISTS doomed;\nDROP PROJECT doomed;');
  await ws.cursorAfter('CREATE');
  await ws.runCurrent();
  await expect(ws.resultTab(0)).toContainText('ok');
  await ws.cursorAfter('DROP');
  await ws.runCurrent();
  const dialog = page.getByRole('dialog', { name: 'Run this DROP?' });
  await expect(dialog).toContainText('DROP PROJECT doomed');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ws.resultTab(0)).toContainText('CREATE PROJECT');
  await ws.runCurrent();
  await dialog.getByRole('button', { name: 'Run DROP' }).click();
  await expect(ws.resultTab(0)).toContainText('DROP PROJECT');
  await expect(ws.resultTab(0)).toContainText('ok');
});

test('keeps every worksheet and its draft across a reload', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('SELECT 1 AS first_tab');
  await page.getByRole('button', { name: 'New worksheet' }).click();
  await expect(ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 2' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await ws.editor.click();
  await page.keyboard.type('SELECT 2 AS typed_by_hand');
  await page.reload();
  await expect(ws.worksheetTabs.getByRole('tab')).toHaveCount(2);
  await expect(ws.editor).toHaveText('SELECT 2 AS typed_by_hand');
  await ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 1' }).click();
  await expect(ws.editor).toHaveText('SELECT 1 AS first_tab');
  // The editor on screen after a switch is the one that runs.
  await ws.runCurrent();
  await expect(ws.columnHeader('first_tab')).toBeVisible();
  // Undo history survives switching away and back.
  await ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 2' }).click();
  await ws.editor.click();
  await page.keyboard.type(' -- more');
  await ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 1' }).click();
  await ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 2' }).click();
  await ws.editor.press('ControlOrMeta+Z');
  await expect(ws.editor).toHaveText('SELECT 2 AS typed_by_hand');
  // Closing a worksheet that holds SQL asks first.
  await page.getByRole('button', { name: 'Close Worksheet 2' }).click();
  await page
    .getByRole('dialog', { name: 'Close Worksheet 2?' })
    .getByRole('button', { name: 'Close it' })
    .click();
  await expect(ws.worksheetTabs.getByRole('tab')).toHaveCount(1);
});

test('exports the whole result as CSV and JSON', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql(`SELECT range AS id, CASE WHEN range = 1 THEN NULL ELSE 'a, "b"' END AS note,
  {'k': range::INTEGER} AS meta FROM range(3)`);
  await ws.runCurrent();
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
  await upload(request, 'people', 'id,name,score\n1,ann,30\n2,bob,10\n3,cy,20\n4,dee,40\n');
  const ws = await open(page);
  await ws.setSql("SELECT id, name, score, {'tags': ['x', name]} AS meta FROM files.people ORDER BY id");
  await ws.runCurrent();
  await expect(ws.status).toContainText('4 rows');

  // Sort by score (click the header), descending with a second click.
  await ws.columnHeader('score').click();
  await expect(ws.cell(0, 2)).toHaveText('10');
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
  await ws.cell(0, 1).click();
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

  // Column filter: the funnel in the header (a mouse affordance the grid hides from the accessibility tree).
  await ws.columnHeader('score').locator('.ag-header-cell-filter-button').click();
  await page.getByRole('spinbutton', { name: 'Filter Value' }).fill('20');
  await expect(ws.status).toContainText('1 of 4 rows');
  await expect(ws.cell(0, 1)).toHaveText('cy');
});

test('completes data sources, tables and columns from the server', async ({ page, request }) => {
  await upload(request, 'orders', 'order_id,amount\n1,2.5\n');
  const ws = await open(page);
  await ws.setSql('');
  await page.keyboard.type('SELECT * FROM files.ord');
  const options = page.getByRole('listbox');
  await options.getByRole('option', { name: /orders/ }).click();
  await expect(ws.editor).toHaveText('SELECT * FROM files.orders');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'SELECT '.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Delete');
  await page.keyboard.type('amo');
  await options.getByRole('option', { name: /amount/ }).click();
  await expect(ws.editor).toHaveText('SELECT amount FROM files.orders');
});

test('keeps a history of statements and reopens one in a new tab', async ({ page }) => {
  const ws = await open(page);
  await ws.setSql('SELECT 42 AS answer');
  await ws.runCurrent();
  await expect(ws.cell(0, 0)).toHaveText('42');
  await page.getByRole('button', { name: 'History' }).click();
  const entry = ws.history.getByRole('listitem').filter({ hasText: 'SELECT 42 AS answer' });
  await expect(entry).toContainText('1 row');
  await ws.history.getByRole('searchbox', { name: 'Search history' }).fill('answer');
  await entry.getByRole('button', { name: 'Open in new tab' }).click();
  await expect(ws.worksheetTabs.getByRole('tab', { selected: true })).toHaveText('Worksheet 2');
  await expect(ws.editor).toHaveText('SELECT 42 AS answer');
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
test('shows elapsed time while running, and stops waiting on request', async ({ page, request }) => {
  const ws = await open(page);
  // A cross join the engine needs a few seconds for.
  await ws.setSql(
    'SELECT 1;\nSELECT sum(a.range * b.range) AS s FROM range(20000) a, range(20000) b;\nSELECT 3;',
  );
  await ws.runAll();
  await expect(ws.results.getByText(/Running… \d/)).toBeVisible();
  // The statement is highlighted in the editor while it runs.
  await expect(ws.editor.locator('[data-running]').first()).toContainText('SELECT sum');
  await expect(ws.resultTab(2)).toContainText('queued');
  await expect(ws.runButton).toBeDisabled();
  await ws.results.getByRole('button', { name: 'Stop' }).click();
  await expect(ws.results.getByRole('status')).toContainText('Stopped waiting after');
  await expect(ws.results.getByRole('status')).toContainText('The server may still finish this statement');
  await expect(ws.resultTab(2)).toContainText('skipped');
  await expect(ws.editor.locator('[data-running]')).toHaveCount(0);
  await expect(ws.runButton).toBeEnabled();
  // The server did go on with it: the next statement queues behind it and answers once it is done.
  const next = await request.post('/api/sql/query', { data: { query: 'SELECT 1' }, timeout: 120_000 });
  expect((await next.json()).type).toBe('table');
});
