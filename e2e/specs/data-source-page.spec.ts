import pg from 'pg';
import { startPostgres, type RunningServer as Postgres } from '../../server/test/sources/servers';
import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';
import { insertAndWait, sqlOk } from '../sql';

// A data source's page against a real PostgreSQL (started by this spec in a temporary folder, as
// data-sources.spec.ts does) on a server of its own.
test.use({ serverOptions: { env: { KS_E2E_SPEC: 'data-source-page' } } });

let postgres: Postgres;
const NEW_PASSWORD = 'rotated-Pa55word';

const admin = async (statements: string[]) => {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: postgres.port,
    user: postgres.user,
    password: postgres.password,
    database: postgres.database,
  });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
};

test.beforeAll(async () => {
  postgres = await startPostgres();
  await admin([
    'CREATE TABLE field_notes (id int PRIMARY KEY, body text)',
    "INSERT INTO field_notes VALUES (1, 'Emperor penguins huddle together.'), (2, 'Orders ship in two days.')",
    'CREATE SCHEMA archive',
    'CREATE TABLE archive.old_notes (id int)',
  ]);
});

test.afterAll(async () => {
  await postgres?.stop();
});

test('a source page shows its parameters and tables, tests, edits with the password write-only, and drops after listing what names it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await sqlOk(
    request,
    `CREATE DATABASE field WITH ENGINE = 'postgres', PARAMETERS = {"host": "127.0.0.1", "port": ${postgres.port}, "database": "${postgres.database}", "user": "${postgres.user}", "password": "${postgres.password}", "schema": "archive"}`,
  );
  await sqlOk(request, 'CREATE PROJECT other_team');
  await sqlOk(request, "CREATE KNOWLEDGE_BASE notes_kb USING content_columns = ['body'], id_column = 'id'");
  await sqlOk(
    request,
    `CREATE AGENT notes_reader USING model = {'provider': 'local'}, data = {"tables": ["field.*"]}`,
  );
  await sqlOk(request, 'CREATE VIEW recent_notes AS (SELECT * FROM field.field_notes WHERE id > 1)');
  await sqlOk(
    request,
    'CREATE JOB sync_notes (INSERT INTO notes_kb SELECT id, body FROM field.field_notes) EVERY hour',
  );
  // A KB loaded by hand, as in the worksheet: our server records the source it read.
  await sqlOk(request, "CREATE KNOWLEDGE_BASE hand_kb USING content_columns = ['body'], id_column = 'id'");
  await insertAndWait(
    request,
    'hand_kb',
    'INSERT INTO hand_kb SELECT id, body FROM field.public.field_notes',
  );

  // From the object browser: the source's node opens onto a link to its page.
  await page.goto('/');
  const browser = page.getByRole('navigation', { name: 'Object browser' });
  await browser.getByRole('treeitem', { name: /^field/ }).click();
  await browser.getByRole('treeitem', { name: 'Source page' }).click();
  await expect(page).toHaveURL(/\/projects\/mindsdb\/data-sources\/field$/);
  await expect(page.getByRole('heading', { level: 1, name: 'field' })).toBeVisible();
  await expect(page.getByTitle('Engine')).toHaveText('PostgreSQL');

  // Its parameters; the password field is empty, the saved one never in the page.
  const connection = page.getByRole('form', { name: 'Connection' });
  await expect(connection.getByLabel('Host')).toHaveValue('127.0.0.1');
  await expect(connection.getByLabel('Port')).toHaveValue(String(postgres.port));
  await expect(connection.getByLabel('Schema')).toHaveValue('archive');
  const password = connection.getByLabel('Password');
  await expect(password).toHaveValue('');
  await expect(password).toHaveAccessibleDescription(/Saved and never shown/);

  // Its schemas and tables; a table opens its first rows in the worksheet.
  const tables = page.getByRole('region', { name: 'Schemas and tables' });
  await expect(tables.getByRole('heading', { name: /Schema public/ })).toBeVisible();
  await expect(tables.getByRole('link', { name: 'field_notes' })).toBeVisible();
  await expect(tables.getByRole('link', { name: 'old_notes' })).toBeVisible();

  // Test connection tries the saved parameters.
  await connection.getByRole('button', { name: 'Test connection' }).click();
  await expect(connection.getByRole('status')).toHaveText('The connection works.');
  await page.screenshot({ path: testInfo.outputPath('data-source-page.png'), fullPage: true });
  expect(await axeBothThemes(page, 'data source page')).toEqual({});

  // A port that is not one is refused beside the field, before anything is sent.
  await connection.getByLabel('Port').fill('54x');
  await connection.getByRole('button', { name: 'Review and save…' }).click();
  await expect(connection.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true');
  await expect(connection.getByLabel('Port')).toHaveAccessibleDescription(/whole number/);

  // A wrong port: the test says so; the draft survives a reload; Save tries it first and keeps nothing.
  await connection.getByLabel('Port').fill('1');
  await connection.getByRole('button', { name: 'Test connection' }).click();
  await expect(connection.getByRole('alert')).toContainText('The connection failed with your changes');
  await page.reload();
  await expect(connection.getByLabel('Port')).toHaveValue('1');
  await expect(connection.getByText('Your unsaved changes were kept from your last visit')).toBeVisible();
  await connection.getByRole('button', { name: 'Review and save…' }).click();
  const review = page.getByRole('dialog', { name: 'Save changes to field?' });
  await expect(review.getByRole('row', { name: /Port/ })).toContainText(`${postgres.port}1`);
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(connection.getByRole('alert')).toContainText('Not saved');
  const kept = await (await request.get('/api/databases/field')).json();
  expect(kept.connection_data.port).toBe(postgres.port);
  await connection.getByRole('button', { name: 'Discard changes' }).click();
  await expect(connection.getByLabel('Port')).toHaveValue(String(postgres.port));

  // The database's password changes: the saved one no longer connects; the new one is typed, tried, saved.
  await admin([`ALTER USER ${postgres.user} PASSWORD '${NEW_PASSWORD}'`]);
  await connection.getByRole('button', { name: 'Test connection' }).click();
  await expect(connection.getByRole('alert')).toContainText('The connection failed');
  await password.fill(NEW_PASSWORD);
  await connection.getByRole('button', { name: 'Test connection' }).click();
  await expect(connection.getByRole('status')).toHaveText(
    'The connection works with your changes (not saved yet).',
  );
  await connection.getByRole('button', { name: 'Review and save…' }).click();
  await expect(review.getByRole('row', { name: /Password/ })).toHaveText(/saved \(hidden\)\s*new \(hidden\)/);
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(connection.getByRole('status')).toContainText('Saved.');
  await expect(password).toHaveValue('');
  expect(await page.content()).not.toContain(NEW_PASSWORD);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(NEW_PASSWORD);
  await connection.getByRole('button', { name: 'Test connection' }).click();
  await expect(connection.getByRole('status')).toHaveText('The connection works.');

  // A source belongs to the instance: another project keeps its page open.
  await page.getByRole('combobox', { name: 'Project' }).selectOption('other_team');
  await expect(page).toHaveURL(/\/projects\/other_team\/data-sources\/field$/);
  await expect(connection.getByLabel('Host')).toHaveValue('127.0.0.1');

  // Drop lists what names the source first, in every project.
  await page.getByRole('button', { name: 'Drop…' }).click();
  const drop = page.getByRole('dialog', { name: 'Drop data source field?' });
  const names = drop.getByRole('note', { name: 'What names field' });
  await expect(names.getByRole('link', { name: 'mindsdb.notes_reader' })).toBeVisible();
  await expect(names).toContainText('mindsdb.recent_notes');
  await expect(names).toContainText('mindsdb.sync_notes');
  await expect(names.getByRole('link', { name: 'mindsdb.notes_kb' })).toBeVisible();
  await expect(names).toContainText('loaded by job mindsdb.sync_notes');
  await expect(names.getByRole('listitem').filter({ hasText: 'mindsdb.hand_kb' })).toContainText(
    'loaded from this source',
  );
  await expect(names.getByRole('link', { name: 'mindsdb.hand_kb' })).toBeVisible();
  await expect(drop).not.toContainText('does not record');
  await page.screenshot({ path: testInfo.outputPath('drop-dialog.png') });
  expect(await axeBothThemes(page, 'drop data source dialog')).toEqual({});
  await drop.getByLabel('Type field to confirm').fill('field');
  await drop.getByRole('button', { name: 'Drop data source' }).click();
  await expect(page).toHaveURL(/\/projects\/other_team\/worksheet/);
  await expect(browser.getByRole('treeitem', { name: /^field/ })).toHaveCount(0);
  expect((await request.get('/api/databases/field')).status()).toBe(404);
});
