import { test, expect } from '../fixtures';
import { Shell } from '../pages/shell';
import { uploadCsv, WorksheetPage } from '../pages/worksheet-page';

// A click on a table in the object browser shows its first rows, in one preview tab that the next click reuses.

test('a table clicked in the object browser shows its rows in one preview tab, reused until it is edited', async ({
  page,
  request,
}) => {
  await uploadCsv(request, 'preview_orders', 'id,item\n1,pen\n2,book\n');
  await uploadCsv(request, 'preview_people', 'id,person\n1,Ada\n2,Grace\n3,Linus\n');
  const shell = new Shell(page);
  const worksheet = new WorksheetPage(page);
  await worksheet.goto();
  const tabs = worksheet.worksheetTabs.getByRole('tab');
  await expect(tabs).toHaveCount(1);

  await shell.browser.getByRole('treeitem', { name: /preview_orders/ }).click();
  // The rows, without pressing Run.
  await expect(worksheet.grid.getByText('book')).toBeVisible();
  await expect(worksheet.status).toContainText('2 rows');
  await expect(tabs).toHaveCount(2);
  await expect(worksheet.worksheetTabs.getByRole('tab', { selected: true })).toHaveText(
    /files\.preview_orders/,
  );
  await expect(worksheet.editor).toContainText('SELECT * FROM files.preview_orders LIMIT 100;');
  await expect(page).not.toHaveURL(/preview=/);

  // The next table takes the same tab.
  await shell.browser.getByRole('treeitem', { name: /preview_people/ }).click();
  await expect(worksheet.grid.getByText('Grace')).toBeVisible();
  await expect(worksheet.status).toContainText('3 rows');
  await expect(tabs).toHaveCount(2);
  await expect(worksheet.worksheetTabs.getByRole('tab', { selected: true })).toHaveText(
    /files\.preview_people/,
  );
  await expect(worksheet.editor).toContainText('SELECT * FROM files.preview_people LIMIT 100;');

  // Edited, the tab is the user's: the next preview opens a tab of its own.
  await worksheet.cursorAfter('LIMIT 100;');
  await page.keyboard.insertText(' -- kept');
  await shell.browser.getByRole('treeitem', { name: /preview_orders/ }).click();
  await expect(worksheet.grid.getByText('book')).toBeVisible();
  await expect(tabs).toHaveCount(3);
  await tabs.nth(1).click();
  await expect(worksheet.editor).toContainText('SELECT * FROM files.preview_people LIMIT 100; -- kept');
});
