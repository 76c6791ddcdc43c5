import { test, expect } from '../fixtures';
import { AgentEditor } from '../pages/agent-page';
import { Shell } from '../pages/shell';

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('creates an agent with a wildcard, and keeps the rest when only the prompt changes', async ({
  page,
}) => {
  await page.goto('/');
  const shell = new Shell(page);
  await shell.uploadFile('orders', csv('orders.csv', 'id,item,amount\n1,pen,2.5\n2,book,12\n'));
  await shell.uploadFile('customers', csv('customers.csv', 'id,name\n1,Ann\n'));

  const agent = new AgentEditor(page);
  await agent.openList();
  await expect(page.getByRole('heading', { name: 'No agents in mindsdb yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New agent' }).click();
  await agent.name.fill('order_helper');
  await agent.setModel('openai', 'gpt-4o-mini', 'sk-test-secret');

  await expect(
    agent.tables.getByText('files.* selects 2 now: customers, orders.', { exact: false }),
  ).toBeVisible();
  await agent.addEntry(agent.tables, 'files', '*');
  await expect(agent.entries(agent.tables)).toHaveCount(1);
  await expect(agent.entries(agent.tables).first()).toContainText('Expands now to 2: customers, orders');
  await agent.addEntry(agent.knowledgeBases, 'mindsdb', '*');
  await expect(agent.entries(agent.knowledgeBases).first()).toContainText('Expands to nothing yet');
  await agent.prompt.fill('Answer questions about orders.');
  await agent.create();
  await expect(page).toHaveURL(/\/projects\/mindsdb\/agents\/order_helper$/);

  // Reopen from a fresh page load: everything comes from the server.
  await page.reload();
  await expect(agent.prompt).toHaveValue('Answer questions about orders.');
  await expect(agent.model.getByLabel('Provider')).toHaveValue('openai');
  await expect(agent.model.getByLabel('API key')).toHaveValue('');
  await expect(agent.model.getByText('A key is saved and never shown.', { exact: false })).toBeVisible();

  await agent.prompt.fill('Answer questions about orders. Quote the order id.');
  await expect(page.getByText('Unsaved: prompt template')).toBeVisible();
  await agent.save();
  await expect(agent.status).toBeVisible();
  await expect(page.getByText('"api_key": "******"')).toBeAttached();

  await page.reload();
  await expect(agent.prompt).toHaveValue('Answer questions about orders. Quote the order id.');
  await expect(agent.model.getByLabel('Model name')).toHaveValue('gpt-4o-mini');
  await expect(agent.entries(agent.tables)).toHaveText([/files\.\*/]);
  await expect(agent.entries(agent.knowledgeBases)).toHaveText([/mindsdb\.\*/]);
  await expect(agent.model.getByText('A key is saved and never shown.', { exact: false })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('sk-test-secret');
});

test('asks before leaving an agent with unsaved changes', async ({ page }) => {
  const agent = new AgentEditor(page);
  await page.goto('/projects/mindsdb/agents/-/new');
  await agent.name.fill('draft_agent');
  await agent.create();
  await expect(page).toHaveURL(/\/agents\/draft_agent$/);

  await agent.prompt.fill('Not saved yet');
  // The page counts the edit as unsaved once it says so; a click before that could beat the form's update.
  await expect(page.getByText(/^Unsaved: /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Worksheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/agents\/draft_agent$/);
  await expect(agent.prompt).toHaveValue('Not saved yet');

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Worksheet' }).click();
  await dialog.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/worksheet$/);
});

test('warns before saving an OpenAI agent without a key, and saves when told to', async ({ page }) => {
  const agent = new AgentEditor(page);
  await agent.openList();
  await page.getByRole('link', { name: 'New agent' }).click();
  await agent.name.fill('keyless');
  await agent.setModel('openai', 'gpt-4o-mini');
  await agent.create();
  const warning = page.getByRole('alert').filter({ hasText: 'No API key.' });
  await expect(warning).toContainText('chats with this agent will fail');
  await expect(page).toHaveURL(/\/agents\/-\/new$/);

  await warning.getByRole('button', { name: 'Save without a key' }).click();
  await expect(page).toHaveURL(/\/projects\/mindsdb\/agents\/keyless$/);
  await expect(agent.model.getByLabel('Provider')).toHaveValue('openai');
});
