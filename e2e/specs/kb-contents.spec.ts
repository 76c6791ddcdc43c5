import { test, expect } from '../fixtures';
import { insertAndWait } from '../sql';

// What a KB holds, against the real server: documents by id (paged, searchable) and one document's chunks.

const sql = (request: import('@playwright/test').APIRequestContext, query: string) =>
  request.post('/api/sql/query', { data: { query, context: { db: 'mindsdb' } } }).then((r) => r.json());

test('the Contents tab pages through the documents, finds text inside them, and shows a document’s chunks', async ({
  page,
  request,
}) => {
  expect((await sql(request, 'CREATE KNOWLEDGE_BASE shelf')).type).toBe('ok');
  const inserted = await insertAndWait(
    request,
    'shelf',
    "INSERT INTO shelf SELECT 'doc' || lpad(range::VARCHAR, 2, '0') AS id, repeat('Paragraph about topic ' || range || '. ', 60) AS content, 'a' || (range % 3) AS author FROM range(30)",
  );
  expect(inserted).toMatchObject({ processedRows: 30, error: null });

  await page.goto('/projects/mindsdb/knowledge-bases/shelf?tab=contents');
  const table = page.getByRole('table', { name: /Documents, page 1/ });
  await expect(table.getByRole('row')).toHaveCount(26); // header + 25
  await expect(table.getByRole('button', { name: 'doc00' })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages of documents' });
  await expect(pager).toContainText('Page 1 · documents 1–25');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 · documents 26–30');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('searchbox').fill('topic 17.');
  await page.getByRole('button', { name: 'Find' }).click();
  const found = page.getByRole('table', { name: /containing topic 17/ });
  await expect(found.getByRole('button')).toHaveText(['doc17']);
  await found.getByRole('button', { name: 'doc17' }).click();
  const chunks = page.getByRole('region', { name: 'Chunks of doc17' });
  await expect(chunks.getByRole('heading')).toContainText('Document doc17 · 2 chunks');
  await expect(chunks.getByRole('article')).toHaveCount(2);
  await expect(chunks.getByRole('article').first()).toContainText('Paragraph about topic 17.');
  await expect(chunks.getByLabel('Metadata').first()).toContainText('a2');
});
