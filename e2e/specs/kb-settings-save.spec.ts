import { test, expect } from '../fixtures';
import { KnowledgeBasePages } from '../pages/kb-page';
import { sqlOk } from '../sql';

// A save the server kept reads as saved, though the server fills in what the form left to its defaults (the
// reranker's model name, the other chunking number) and spells names its own way.

test('a save of one chunking number, then of the reranker alone, reads as saved and leaves nothing unsaved', async ({
  page,
  request,
}) => {
  await sqlOk(request, `CREATE KNOWLEDGE_BASE save_kb USING content_columns = ['body']`);
  const kb = new KnowledgeBasePages(page);
  await kb.open('save_kb', 'settings');
  const form = page.getByRole('form', { name: 'Settings of save_kb' });
  const saveBar = form.getByText(/unsaved change/i);

  await form.getByLabel('Chunk size').fill('500');
  await expect(saveBar).toHaveText('1 unsaved change');
  await form.getByRole('button', { name: 'Review and save…' }).click();
  await page
    .getByRole('dialog', { name: 'Save changes to save_kb?' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(kb.saved).toBeVisible();
  await expect(page.getByText(/did not keep/)).toHaveCount(0);
  await expect(saveBar).toHaveText('No unsaved changes');
  await expect(form.getByLabel('Chunk size')).toHaveValue('500');

  await form.getByLabel('Rerank search results').check();
  await form.getByRole('button', { name: 'Review and save…' }).click();
  await page
    .getByRole('dialog', { name: 'Save changes to save_kb?' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(kb.saved).toBeVisible();
  await expect(page.getByText(/did not keep/)).toHaveCount(0);
  await expect(saveBar).toHaveText('No unsaved changes');
  await expect(form.getByLabel('Rerank search results')).toBeChecked();

  const saved = await (await request.get('/api/projects/mindsdb/knowledge_bases/save_kb')).json();
  expect(saved.reranking_model).toMatchObject({ provider: 'local' });
  expect(JSON.stringify(saved)).toContain('"chunk_size":500');
});
