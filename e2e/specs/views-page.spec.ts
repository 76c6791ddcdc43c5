import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';
import { fillSqlField, sqlField } from '../pages/sql-field';
import { sqlOk } from '../sql';

const SHOTS = process.env.KS_SCREENSHOTS;
const P = 'views_e2e';

test('a view: its query edited and saved after a review, its first rows, what uses it, create and delete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  await sqlOk(request, `CREATE PROJECT IF NOT EXISTS ${P}`);
  const upload = await request.put('/api/files/view_orders', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      file: {
        name: 'view_orders.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('id,item,amount\n1,pen,2\n2,book,12\n3,lamp,30\n'),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await sqlOk(
    request,
    `CREATE VIEW ${P}.big_orders AS (SELECT id, item FROM files.view_orders WHERE amount > 5)`,
  );
  await sqlOk(request, `CREATE VIEW ${P}.order_count AS (SELECT count(*) AS n FROM big_orders)`);
  await sqlOk(request, `CREATE JOB ${P}.recount (SELECT * FROM ${P}.big_orders) EVERY day`);
  await page.goto(`/projects/${P}/views`);
  const list = page.getByRole('table', { name: `Views of ${P}` });
  await expect(list.getByRole('row', { name: /^big_orders/ })).toContainText('WHERE amount > 5');
  await expect(list.getByRole('row', { name: /^order_count/ })).toBeVisible();
  Object.assign(found, await axeBothThemes(page, 'view list'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/view-list.png` });

  // The object browser opens a project's view on its page.
  const browser = page.getByRole('navigation', { name: 'Object browser' });
  const project = browser.getByRole('treeitem', { name: new RegExp(`^${P}`) });
  if ((await project.getAttribute('aria-expanded')) !== 'true') await project.click();
  await browser.getByRole('treeitem', { name: 'big_orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${P}/views/big_orders$`));
  await expect(page.getByRole('heading', { name: 'big_orders', level: 1 })).toBeVisible();
  await expect(sqlField(page, 'Query')).toContainText('WHERE amount > 5');
  const rows = page.getByRole('table', { name: 'First rows of big_orders' });
  await expect(rows.getByRole('columnheader')).toHaveText(['id', 'item']);
  await expect(rows.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('All 2 of its rows.')).toBeVisible();
  const uses = page.getByRole('list', { name: 'What uses this view' });
  await expect(uses.getByRole('listitem')).toHaveText([
    /job recount through its statements/,
    /view order_count through its query/,
  ]);
  Object.assign(found, await axeBothThemes(page, 'view page'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/view-page.png`, fullPage: true });

  // A query the server refuses: its words show under the editor, and nothing is saved.
  await fillSqlField(page, 'Query', 'SELECT id FROM files.view_orders WHERE');
  await page.getByRole('button', { name: 'Review and save…' }).click();
  let review = page.getByRole('dialog', { name: 'Save the query of big_orders?' });
  await review.getByRole('button', { name: 'Save query' }).click();
  await expect(review).toBeHidden();
  await expect(page.locator('.sql-field .field-error')).toBeVisible();
  expect((await (await request.get(`/api/projects/${P}/views/big_orders`)).json()).query).toContain(
    'amount > 5',
  );

  // The edit is kept through a reload, reviewed, then saved with ALTER VIEW.
  await fillSqlField(page, 'Query', 'SELECT id, item, amount FROM files.view_orders WHERE amount > 1');
  await page.reload();
  await expect(sqlField(page, 'Query')).toContainText('amount > 1');
  await expect(page.getByText('Unsaved edit, kept in this browser.')).toBeVisible();
  await page.getByRole('button', { name: 'Review and save…' }).click();
  review = page.getByRole('dialog', { name: 'Save the query of big_orders?' });
  await expect(review).toContainText('WHERE amount > 5');
  await expect(review).toContainText('WHERE amount > 1');
  Object.assign(found, await axeBothThemes(page, 'view review'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/view-review.png` });
  await review.getByRole('button', { name: 'Save query' }).click();
  await expect(review).toBeHidden();
  await expect(rows.getByRole('columnheader')).toHaveText(['id', 'item', 'amount']);
  await expect(rows.getByRole('row')).toHaveCount(4);
  expect((await (await request.get(`/api/projects/${P}/views/big_orders`)).json()).query).toContain(
    'amount > 1',
  );

  // Delete says what uses it first.
  await page.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete view big_orders?' });
  await expect(confirm.getByRole('note', { name: 'What uses this view' })).toContainText('2 objects name it');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Create one from the console: the draft survives a reload.
  await page.goto(`/projects/${P}/views`);
  await page.getByRole('link', { name: 'New view' }).click();
  const form = page.getByRole('form', { name: 'New view' });
  // A taken name is said beside the name.
  await form.getByLabel('Name', { exact: true }).fill('big_orders');
  await fillSqlField(page, 'Query', 'SELECT 1 AS x');
  await form.getByRole('button', { name: 'Create view' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/already exists/)).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('cheap_orders');
  await fillSqlField(page, 'Query', 'SELECT item FROM files.view_orders WHERE amount < 5');
  await page.reload();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('cheap_orders');
  Object.assign(found, await axeBothThemes(page, 'new view'));
  await form.getByRole('button', { name: 'Create view' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${P}/views/cheap_orders$`));
  await expect(page.getByRole('table', { name: 'First rows of cheap_orders' })).toContainText('pen');

  await page.getByRole('button', { name: 'Delete…' }).click();
  const drop = page.getByRole('dialog', { name: 'Delete view cheap_orders?' });
  await drop.getByLabel(/Type/).fill('cheap_orders');
  await drop.getByRole('button', { name: 'Delete view' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${P}/views$`));
  await expect(page.getByRole('link', { name: 'cheap_orders' })).toHaveCount(0);

  expect(found).toEqual({});
});
