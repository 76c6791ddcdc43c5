import pg from 'pg';
import { startPostgres, type RunningServer as Postgres } from '../../server/test/sources/servers';
import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';
import { WorksheetPage } from '../pages/worksheet-page';

// A real PostgreSQL, started by this spec in a temporary folder on a free port (the server tests' harness;
// where PostgreSQL is not installed it fails with one line saying how to install it), and a server of its own.
test.use({ serverOptions: { env: { KS_E2E_SPEC: 'data-sources' } } });

const NOTES = [
  [1, 'Emperor penguins huddle together through the polar winter.'],
  [2, 'Warehouse orders ship within two working days.'],
  [3, 'Refunds are paid back to the original card.'],
] as const;

let postgres: Postgres;

test.beforeAll(async () => {
  postgres = await startPostgres();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: postgres.port,
    user: postgres.user,
    password: postgres.password,
    database: postgres.database,
  });
  await client.connect();
  await client.query('CREATE TABLE field_notes (id int PRIMARY KEY, body text)');
  for (const [id, body] of NOTES) await client.query('INSERT INTO field_notes VALUES ($1, $2)', [id, body]);
  await client.end();
});

test.afterAll(async () => {
  await postgres?.stop();
});

const sql = async (request: import('@playwright/test').APIRequestContext, query: string) => {
  const r = await request.post('/api/sql/query', { data: { query } });
  const body = (await r.json()) as { type: string; error_message?: string };
  expect(body.error_message).toBeUndefined();
  return body;
};

test('connect a PostgreSQL source, browse and query its table, load a KB from it and ask an agent', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const browser = page.getByRole('navigation', { name: 'Object browser' });

  // Connect from the console, testing the connection first.
  await browser.getByRole('button', { name: 'Connect a data source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a data source' });
  await dialog.getByLabel('Name').fill('field');
  await dialog.getByLabel('Engine').selectOption('postgres');
  await dialog.getByLabel('Host').fill('127.0.0.1');
  await dialog.getByLabel('Port').fill(String(postgres.port));
  await dialog.getByLabel('Database').fill(postgres.database);
  await dialog.getByLabel('User').fill(postgres.user);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/password/i);
  await dialog.getByLabel('Password').fill(postgres.password);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The connection works.');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog.getByText('field is connected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Browse: the source in the tree, its table, a click opens a preview that shows the rows.
  await browser.getByRole('treeitem', { name: /^field/ }).click();
  await browser.getByTitle('Show the columns of field.public.field_notes').click();
  const columns = browser.getByRole('group', { name: 'Columns of field.public.field_notes' });
  await expect(columns.getByRole('treeitem')).toHaveText(['id', 'body']);
  await browser.getByRole('treeitem', { name: /field_notes/ }).click();
  const worksheet = new WorksheetPage(page);
  await expect(worksheet.editor).toContainText('SELECT * FROM field');
  await expect(worksheet.grid).toContainText('Emperor penguins huddle together');

  // Query it: a filter and a PostgreSQL function, pushed down to the source.
  await worksheet.run("SELECT upper(body) AS loud FROM field.field_notes WHERE body LIKE '%card%';");
  await expect(worksheet.grid).toContainText('REFUNDS ARE PAID BACK TO THE ORIGINAL CARD.');
  await expect(worksheet.grid).not.toContainText('PENGUINS');

  // Load a knowledge base from the source's table in the KB loader.
  await sql(request, "CREATE KNOWLEDGE_BASE notes_kb USING content_columns = ['body'], id_column = 'id'");
  await page.goto('/projects/mindsdb/knowledge-bases/notes_kb?tab=load');
  const table = page.getByLabel('Table', { exact: true });
  await expect(table.locator('option', { hasText: 'field.public.field_notes' })).toBeAttached();
  await table.selectOption({ label: 'field.public.field_notes' });
  await expect(page.locator('pre', { hasText: 'INSERT INTO mindsdb.notes_kb' })).toContainText(
    'FROM field.public.field_notes',
  );
  await page.getByRole('button', { name: 'Load rows' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Loaded 3 rows from field.public.field_notes' }),
  ).toBeVisible();

  // Ask an agent that reads the KB and the source's tables (the local model answers from what it retrieved).
  await sql(
    request,
    `CREATE AGENT notes_agent USING model = {'provider': 'local'}, data = {"knowledge_bases": ["mindsdb.notes_kb"], "tables": ["field.*"]}`,
  );
  const chat = new ChatPage(page);
  await chat.open('mindsdb', 'notes_agent');
  await chat.ask('What do emperor penguins do in winter?');
  const turn = chat.turn('What do emperor penguins do in winter?');
  await expect(chat.answer(turn)).toContainText('huddle together', { timeout: 30_000 });
});

test('"Shape after a table" offers a data source’s tables, as the load tab does, and loads the one chosen', async ({
  page,
  request,
}) => {
  await sql(
    request,
    `CREATE DATABASE shape_src WITH ENGINE = 'postgres', PARAMETERS = {"host": "127.0.0.1", "port": ${postgres.port}, "database": "${postgres.database}", "user": "${postgres.user}", "password": "${postgres.password}"}`,
  );
  await page.goto('/projects/mindsdb/knowledge-bases/-/new');
  const shape = page.getByLabel('Shape after a table (optional)');
  await shape.selectOption({ label: 'shape_src.public.field_notes' });
  const guess = page.getByRole('region', { name: 'Suggested columns' });
  await expect(guess).toContainText('body');
  await guess.getByRole('button', { name: 'Use these columns' }).click();
  await page.getByLabel('Name', { exact: true }).fill('shaped_kb');
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(page).toHaveURL(/\/knowledge-bases\/shaped_kb\?tab=load/);
  await expect(page.locator('pre', { hasText: 'INSERT INTO mindsdb.shaped_kb' })).toContainText(
    'FROM shape_src.public.field_notes',
  );
});
