import { test, expect } from '../fixtures';
import { insertAndWait, sqlOk } from '../sql';

test('the KB page shows what the KB holds, its last load, and builds the index on request', async ({
  page,
  request,
}) => {
  await sqlOk(request, `CREATE KNOWLEDGE_BASE status_kb USING content_columns = ['body']`);
  const values = Array.from({ length: 40 }, (_, i) => `(${i + 1}, 'Note ${i + 1} about topic ${i % 4}')`);
  await sqlOk(request, `INSERT INTO status_kb (id, body) VALUES ${values.join(', ')} USING batch_size = 7`);

  await page.goto('/projects/mindsdb/knowledge-bases/status_kb');
  const status = page.getByRole('region', { name: 'Knowledge base status' });
  await expect(status).toContainText('40 documents in 40 chunks');
  await expect(status).toContainText('40 of 40 rows');
  await expect(status).toContainText('finished');
  await expect(status).toContainText('None yet');

  await status.getByRole('button', { name: 'Build index now' }).click();
  await expect(status).toContainText('Covers 40 chunks');
  await expect(status.getByRole('button', { name: 'Rebuild index' })).toBeEnabled();
  const described = await sqlOk(request, 'DESCRIBE KNOWLEDGE_BASE status_kb');
  expect(described.data[0][described.column_names.indexOf('PROCESSED_ROWS')]).toBe(40);

  // A failed load is shown with its cause (the insert runs in the background: DESCRIBE reports its error).
  await sqlOk(request, 'CREATE TABLE files.no_body (SELECT 1 AS id, 2 AS other)');
  const failed = await insertAndWait(
    request,
    'status_kb',
    'INSERT INTO status_kb SELECT * FROM files.no_body',
  );
  expect(failed.error).toMatch(/takes its text from body/);
  await page.reload();
  await expect(status).toContainText(/failed: .*takes its text from body/);
});
