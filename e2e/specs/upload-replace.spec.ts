import { test, expect } from '../fixtures';

// Uploading under a name that is taken asks first; the real server replaces only when asked.

test('re-uploading under an existing name asks "Replace table X?" and then replaces it', async ({
  page,
  request,
}) => {
  const first = await request.put('/api/files/stock', {
    multipart: { file: { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from('id,item\n1,pen\n') } },
  });
  expect(first.ok()).toBe(true);
  await page.goto('/projects/mindsdb/worksheet');
  await page
    .getByRole('navigation', { name: 'Object browser' })
    .getByRole('button', { name: 'Upload file' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload a file' });
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id,item\n1,pen\n2,ink\n3,pad\n'),
  });
  await expect(dialog.getByLabel('Table name')).toHaveValue('stock');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const ask = page.getByRole('dialog', { name: 'Replace table files.stock?' });
  await expect(ask).toBeVisible();
  // Cancel keeps the old table untouched.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  const count = async () =>
    (
      await (
        await request.post('/api/sql/query', { data: { query: 'SELECT count(*) AS n FROM files.stock' } })
      ).json()
    ).data[0][0];
  expect(await count()).toBe(1);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await ask.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog.getByRole('status')).toHaveText('files.stock is ready.');
  expect(await count()).toBe(3);
});
