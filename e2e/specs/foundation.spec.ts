import { test, expect } from '../fixtures';
import { Shell } from '../pages/shell';
import { WorksheetPage } from '../pages/worksheet-page';

test.describe('without login', () => {
  test('opens the console directly, says login is off, and shows the default project', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
    await expect(page.getByRole('note')).toHaveText('Login is off');
    await expect(page.getByRole('note')).toHaveAttribute(
      'title',
      /anyone who can reach this server can use it/,
    );
    const shell = new Shell(page);
    await expect(shell.browser.getByRole('treeitem', { name: /mindsdb/ })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Log in' })).toHaveCount(0);
  });

  test('keeps the header on one line at 1,280 pixels, the login note included', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('note')).toBeVisible();
    const header = await page.locator('header').boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Pages' }).boundingBox();
    const note = await page.getByRole('note').boundingBox();
    // One line: the note sits beside the page tabs, not under them.
    expect(note!.y).toBeLessThan(tabs!.y + tabs!.height);
    expect(header!.height).toBeLessThanOrEqual(56);
  });

  test('uploads a CSV and shows its table in the object browser', async ({ page }) => {
    await page.goto('/');
    const shell = new Shell(page);
    await shell.uploadFile('orders', {
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,item,amount\n1,pen,2.5\n2,book,12\n'),
    });
    await expect(shell.browser.getByRole('treeitem', { name: /orders/ })).toBeVisible();

    // A table in the browser shows its first rows in the worksheet's preview tab.
    await shell.browser.getByRole('treeitem', { name: /orders/ }).click();
    const worksheet = new WorksheetPage(page);
    await expect(worksheet.editor).toContainText('SELECT * FROM files.orders LIMIT 100;');
    await expect(page).not.toHaveURL(/preview=/);
    await expect(worksheet.grid.getByText('book')).toBeVisible();
  });

  test('refuses a binary file with a clear message, gone once a valid file is picked', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });
    await dialog.getByLabel('File', { exact: true }).setInputFiles({
      name: 'blob.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0, 1, 2, 3, 0, 255, 254]),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toContainText('binary');
    await expect(dialog.getByRole('alert')).not.toContainText('Bad Request');

    await dialog.getByLabel('File', { exact: true }).setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,item\n1,pen\n'),
    });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByLabel('Table name')).toHaveValue('good');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('status')).toHaveText('files.good is ready.');
  });
});
