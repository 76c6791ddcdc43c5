import { test, expect } from '../fixtures';
import { openWorksheet, uploadCsv, watchForProblems } from '../pages/worksheet-page';

// Editing and running: statements, errors, the session, confirmations, tabs and drafts, completion,
// history, stopping. The result grid has its own spec (worksheet-results.spec.ts).

watchForProblems(test, expect);

test('runs the statement under the cursor, then all of them, one result tab each', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.setSql('SELECT 1 AS one;\nSELECT 2 AS two, NULL AS nothing;');
  await ws.cursorAfter('SELECT 2');
  await ws.runCurrent();
  await expect(ws.resultTabs.getByRole('tab')).toHaveCount(1);
  await expect(ws.columnHeader('two')).toBeVisible();
  await expect(ws.cell(0, 0)).toHaveText('2');
  // NULL is spelled out and styled apart from text.
  await expect(ws.cell(0, 1)).toHaveText('NULL');
  await expect(ws.cell(0, 1)).toHaveClass(/ks-cell-null/);
  // The time is shown in ms, or in seconds once a busy machine takes a second or more ("1.13 s").
  await expect(ws.status).toContainText(/1 row · (\d+ ms|\d+(\.\d+)? s)/);

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
  const ws = await openWorksheet(page);
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
  const ws = await openWorksheet(page);
  await ws.setSql('CREATE PROJECT IF NOT EXISTS sales;\nUSE sales;');
  await ws.runAll();
  await expect(ws.resultTab(0)).toContainText('ok');
  // Both statements must have finished: a result arriving later would take the focus from the first tab.
  await expect(ws.resultTab(1)).toContainText('ok');
  await ws.resultTab(0).click();
  await expect(ws.results.getByRole('status')).toContainText('1 row affected');
  await expect(page.getByText('Database sales')).toBeVisible();
});

test('asks before DROP and DELETE, and runs nothing when told no', async ({ page }) => {
  const ws = await openWorksheet(page);
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

test('is usable from the keyboard: leaving the editor and resizing the panes', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.editor.click();
  // Tab indents inside the editor; Escape then Tab moves on, as the hint beside the toolbar says.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const divider = page.getByRole('separator', { name: 'Resize editor and results' });
  await expect(divider).toBeFocused();
  const share = Number(await divider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowDown');
  await expect(divider).toHaveAttribute('aria-valuenow', String(share + 5));
  // Worksheet tabs: arrow keys move, F2 renames.
  await page.getByRole('button', { name: 'New worksheet' }).click();
  await ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 2' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(ws.worksheetTabs.getByRole('tab', { name: 'Worksheet 1' })).toBeFocused();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'Worksheet name' }).fill('Refunds');
  await page.keyboard.press('Enter');
  await expect(ws.worksheetTabs.getByRole('tab', { name: 'Refunds' })).toBeFocused();
});

test('keeps every worksheet and its draft across a reload', async ({ page }) => {
  const ws = await openWorksheet(page);
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
  await page.getByTitle('Close Worksheet 2').click();
  await page
    .getByRole('dialog', { name: 'Close Worksheet 2?' })
    .getByRole('button', { name: 'Close it' })
    .click();
  await expect(ws.worksheetTabs.getByRole('tab')).toHaveCount(1);
});

test('completes data sources, tables, knowledge bases and columns from the server', async ({
  page,
  request,
}) => {
  await uploadCsv(request, 'orders', 'order_id,amount\n1,2.5\n');
  const kb = await request.post('/api/sql/query', {
    data: {
      query: "CREATE KNOWLEDGE_BASE notes USING metadata_columns = ['author'], content_columns = ['body']",
    },
  });
  expect((await kb.json()).type).toBe('ok');
  const ws = await openWorksheet(page);
  await ws.setSql('');
  await page.keyboard.type('SELECT * FROM files.ord');
  const options = page.getByRole('listbox');
  await options.getByRole('option', { name: /^orders/ }).click();
  await expect(ws.editor).toHaveText('SELECT * FROM files.orders');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'SELECT '.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Delete');
  await page.keyboard.type('amo');
  await options.getByRole('option', { name: /^amount/ }).click();
  await expect(ws.editor).toHaveText('SELECT amount FROM files.orders');

  // A knowledge base completes by name, then its search columns and its metadata columns.
  await ws.setSql('');
  await page.keyboard.type('SELECT * FROM not');
  await options.getByRole('option', { name: /^notes/ }).click();
  await page.keyboard.type(' WHERE auth');
  await options.getByRole('option', { name: /^author/ }).click();
  await expect(ws.editor).toHaveText('SELECT * FROM notes WHERE author');
});

test('keeps a history of statements and reopens one in a new tab', async ({ page }) => {
  const ws = await openWorksheet(page);
  await ws.run('SELECT 42 AS answer');
  await expect(ws.cell(0, 0)).toHaveText('42');
  await page.getByRole('button', { name: 'History' }).click();
  const entry = ws.history.getByRole('listitem').filter({ hasText: 'SELECT 42 AS answer' });
  await expect(entry).toContainText('1 row');
  await ws.history.getByRole('searchbox', { name: 'Search history' }).fill('answer');
  await entry.getByRole('button', { name: 'Open in new tab' }).click();
  await expect(ws.worksheetTabs.getByRole('tab', { selected: true })).toHaveText('Worksheet 2');
  await expect(ws.editor).toHaveText('SELECT 42 AS answer');
});

// Last in the file: the engine may take a moment to stop the statement, and later ones queue behind it.
test('shows elapsed time while running, and Stop says the server stopped the statement', async ({
  page,
  request,
}) => {
  const ws = await openWorksheet(page);
  // A cross join the engine needs about 16 s for on a quiet 2-core machine, so that it is still running when the
  // test clicks Stop even on a fast or busy one (the server cancels it once the request closes).
  await ws.setSql(
    'SELECT 1;\nSELECT sum(a.range * b.range) AS s FROM range(60000) a, range(60000) b;\nSELECT 3;',
  );
  await ws.runAll();
  await expect(ws.results.getByText(/Running… \d/)).toBeVisible();
  // The statement is highlighted in the editor while it runs.
  await expect(ws.editor.locator('[data-running]').first()).toContainText('SELECT sum');
  await expect(ws.resultTab(2)).toContainText('queued');
  await expect(ws.runButton).toBeDisabled();
  await ws.results.getByRole('button', { name: 'Stop' }).click();
  // The server was asked to stop the statement, and its request, still open, says it did.
  const said = ws.results.getByRole('status');
  await expect(said).toContainText(/^Stopped after .*: the server stopped this statement\./);
  await expect(said).toContainText('The query was stopped');
  await expect(said).not.toContainText('may still finish');
  await expect(ws.resultTab(2)).toContainText('skipped');
  await expect(ws.editor.locator('[data-running]')).toHaveCount(0);
  await expect(ws.runButton).toBeEnabled();
  // The engine is free for the next statement.
  const next = await request.post('/api/sql/query', { data: { query: 'SELECT 1' }, timeout: 120_000 });
  expect((await next.json()).type).toBe('table');
});
