import { test, expect } from '../fixtures';
import { KnowledgeBasePages } from '../pages/kb-page';
import { sqlOk } from '../sql';

test('the name’s message goes as soon as the name is fixed, the server’s refusal too', async ({
  page,
  request,
}) => {
  await sqlOk(request, 'CREATE KNOWLEDGE_BASE taken_kb');
  const kb = new KnowledgeBasePages(page);
  await kb.openList();
  await page.getByRole('link', { name: 'New knowledge base' }).click();
  const name = page.getByLabel('Name', { exact: true });
  const create = page.getByRole('button', { name: 'Create knowledge base' });

  await name.fill('1st kb');
  await create.click();
  await expect(name).toHaveAccessibleDescription(/Use letters, digits and _, starting with a letter or _/);
  await name.fill('first_kb_');
  await expect(name).not.toHaveAccessibleDescription(/Use letters/);
  await expect(page.getByText('Use letters, digits and _, starting')).toHaveCount(0);

  // The server refuses a name that is taken; a new name is a new question.
  await name.fill('taken_kb');
  await create.click();
  const refusal = page.getByText(/taken_kb.*already exists|already.*taken_kb/i);
  await expect(refusal).toBeVisible();
  await name.fill('taken_kb_2');
  await expect(refusal).toHaveCount(0);
});

test('a row of Contents opens its document wherever it is clicked', async ({ page, request }) => {
  await sqlOk(request, `CREATE KNOWLEDGE_BASE rows_kb USING content_columns = ['body']`);
  await sqlOk(request, `INSERT INTO rows_kb (id, body) VALUES (1, 'first note'), (2, 'second note')`);
  const kb = new KnowledgeBasePages(page);
  await kb.open('rows_kb', 'contents');
  const table = page.getByRole('table', { name: /Documents, page 1/ });
  // The chunk count, away from the id's button.
  await table.getByRole('row', { name: /^2\b/ }).getByRole('cell').last().click();
  await expect(page.getByRole('region', { name: 'Chunks of 2' })).toContainText('second note');
  await table.getByRole('row', { name: /^2\b/ }).getByRole('cell').last().click();
  await expect(page.getByRole('region', { name: 'Chunks of 2' })).toHaveCount(0);
  // The keyboard still reaches the id's button.
  await table.getByRole('button', { name: '1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Chunks of 1' })).toContainText('first note');
});

test('the KB page’s tab strip shows no scrollbar of its own', async ({ page, request }) => {
  await sqlOk(request, 'CREATE KNOWLEDGE_BASE strip_kb');
  const kb = new KnowledgeBasePages(page);
  await kb.open('strip_kb');
  const strip = page.getByRole('tablist', { name: 'Knowledge base strip_kb' });
  await expect(strip).toBeVisible();
  expect(await strip.evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0);
  expect(await strip.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
});
