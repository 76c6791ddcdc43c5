import { test, expect } from '../fixtures';
import { KnowledgeBasePages } from '../pages/kb-page';
import { sqlOk } from '../sql';

// What the KB page shows of a KB's contents follows the changes the console makes or sees: no page reload.

test('after a load from the Load tab, the status and Contents show the loaded documents', async ({
  page,
  request,
}) => {
  await sqlOk(
    request,
    `CREATE TABLE files.fresh_notes (SELECT range AS id, 'Note ' || range || ' about parcels' AS body FROM range(12))`,
  );
  await sqlOk(request, `CREATE KNOWLEDGE_BASE fresh_kb USING content_columns = ['body']`);

  const kb = new KnowledgeBasePages(page);
  await kb.open('fresh_kb', 'load');
  await expect(kb.status).toContainText('0 documents');
  await page.getByRole('combobox', { name: 'Table', exact: true }).selectOption('fresh_notes');
  await kb.loadButton().click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Loaded 12 rows from files.fresh_notes/ }),
  ).toBeVisible();

  // The status block and the Contents tab were on the page (hidden) before the load: both follow it.
  await expect(kb.status).toContainText('12 documents in 12 chunks');
  await expect(kb.status).toContainText('finished');
  await kb.tab('Contents').click();
  await expect(kb.documentsPager).toContainText('Page 1 · documents 1–12');
  await expect(page.getByRole('table', { name: /Documents, page 1/ }).getByRole('row')).toHaveCount(13);
});
