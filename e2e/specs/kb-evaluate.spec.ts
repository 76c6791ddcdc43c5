import { test, expect } from '../fixtures';
import { sqlOk } from '../sql';

const DOCS = [
  [1, 'The waterproof hiking boot keeps feet dry in rain, snow and river crossings.'],
  [2, 'Our espresso machine brews coffee with a fifteen bar pump and a steam wand for milk.'],
  [3, 'The mechanical keyboard uses tactile switches and has a detachable braided cable.'],
  [4, 'This tent sleeps four campers and packs down small for backpacking trips.'],
  [5, 'The electric toothbrush runs for two weeks on one charge and has a pressure sensor.'],
] as const;

test('evaluates a KB on a question table, compares two settings and applies one as the default', async ({
  page,
  request,
}) => {
  await sqlOk(request, `CREATE KNOWLEDGE_BASE eval_kb USING content_columns = ['body'], id_column = 'id'`);
  await sqlOk(
    request,
    `INSERT INTO eval_kb (id, body) VALUES ${DOCS.map(([id, b]) => `(${id}, '${b}')`).join(', ')}`,
  );
  // Four questions in their document's words; the fifth expects the toothbrush but asks about the tent.
  await sqlOk(
    request,
    `CREATE TABLE files.eval_questions (SELECT * FROM (VALUES
      ('boots that stay dry in rain and snow', 1), ('espresso coffee with a steam wand', 2),
      ('keyboard with tactile switches', 3), ('tent for four campers', 4), ('tent for four campers', 5)
    ) AS t(question, doc_id))`,
  );

  await page.goto('/projects/mindsdb/knowledge-bases/eval_kb?tab=evaluate');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByLabel('Question table (columns question, doc_id)')).toHaveValue('eval_questions');

  // Setting 1: semantic, top 5; setting 2: keyword, top 1.
  const first = panel.getByRole('group', { name: 'Setting 1' });
  await first.getByLabel('Search').selectOption('semantic');
  await first.getByLabel('Results (LIMIT)').selectOption('5');
  await panel.getByRole('button', { name: 'Compare another setting' }).click();
  const second = panel.getByRole('group', { name: 'Setting 2' });
  await second.getByLabel('Search').selectOption('keyword');
  await second.getByLabel('Results (LIMIT)').selectOption('1');
  if (await second.getByLabel('Reranker').isChecked()) await second.getByLabel('Reranker').uncheck();

  await panel.getByRole('button', { name: 'Run evaluation' }).click();
  const table = panel.getByRole('table', { name: 'Metrics per setting' });
  await expect(table).toBeVisible();
  const semanticRow = table.getByRole('row', { name: /1\. Semantic · reranker \w+ · top 5/ });
  const keywordRow = table.getByRole('row', { name: /2\. Keyword · reranker off · top 1/ });
  await expect(semanticRow).toBeVisible();
  await expect(keywordRow).toBeVisible();
  // Four of five questions find their document first under both settings: Hit@1 is 0.8 in each row.
  await expect(semanticRow.getByRole('cell').first()).toHaveText('0.800');
  await expect(keywordRow.getByRole('cell').first()).toHaveText('0.800');
  await expect(panel.getByRole('img', { name: /Metrics per setting/ })).toBeVisible();
  await expect(panel.locator('rect.ev-bar')).toHaveCount(10);

  // The question that missed, with what came back instead.
  const missed = panel.getByRole('list', { name: 'Questions that missed' });
  await expect(missed.getByRole('listitem').first()).toContainText('tent for four campers');
  await missed.getByText('Came back instead').first().click();
  await expect(missed.getByRole('listitem').first()).toContainText('This tent sleeps four campers');

  await keywordRow.getByRole('button', { name: 'Use these settings' }).click();
  await expect(panel.getByRole('status')).toContainText('now use Keyword · reranker off · top 1');
  await expect(keywordRow.getByText('Current default')).toBeVisible();
  const defaults = await (
    await request.get('/api/projects/mindsdb/knowledge_bases/eval_kb/search_defaults')
  ).json();
  expect(defaults).toEqual({ mode: 'keyword', rerank: false, limit: 1, alpha: 0.5 });
  // A plain search now answers one row.
  const search = await sqlOk(request, `SELECT id FROM eval_kb WHERE content = 'espresso'`);
  expect(search.data).toEqual([[2]]);

  // Both runs are kept and listed, and stay after a reload.
  await page.reload();
  const history = page.getByRole('table', { name: 'Past evaluations' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('Keyword · reranker off · top 1');
  await expect(history).toContainText('files.eval_questions');
});

test('generates extractive questions from the KB and evaluates them', async ({ page, request }) => {
  await sqlOk(request, `CREATE KNOWLEDGE_BASE gen_kb USING content_columns = ['body'], id_column = 'id'`);
  await sqlOk(
    request,
    `INSERT INTO gen_kb (id, body) VALUES ${DOCS.map(([id, b]) => `(${id}, '${b}')`).join(', ')}`,
  );
  await page.goto('/projects/mindsdb/knowledge-bases/gen_kb?tab=evaluate');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Generate from this knowledge base').check();
  await panel.getByLabel('How many questions').fill('4');
  await expect(panel.getByText(/extractive, no model writes them/)).toBeVisible();
  await panel.getByRole('button', { name: 'Run evaluation' }).click();
  await expect(panel.getByRole('table', { name: 'Metrics per setting' })).toBeVisible();
  const rows = await sqlOk(request, 'SELECT count(*) AS n FROM files.gen_kb_questions');
  expect(rows.data).toEqual([[4]]);
});
