import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { sqlOk } from '../sql';

/** The document's own scroll: the shell fills the window, so there is never anything to scroll. */
const documentOverflow = (page: Page) =>
  page.evaluate(() => ({
    height: document.documentElement.scrollHeight - window.innerHeight,
    width: document.documentElement.scrollWidth - window.innerWidth,
    scrolled: window.scrollY + window.scrollX,
  }));

test('after an Evaluate run the shell stays in the window; the wheel scrolls the page pane only', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await sqlOk(request, `CREATE KNOWLEDGE_BASE shell_kb USING content_columns = ['body'], id_column = 'id'`);
  const docs = Array.from(
    { length: 12 },
    (_, i) => `(${i + 1}, 'Note ${i + 1} about topic ${i % 4} and more')`,
  );
  await sqlOk(request, `INSERT INTO shell_kb (id, body) VALUES ${docs.join(', ')}`);
  const questions = Array.from({ length: 12 }, (_, i) => `('topic ${i % 4} note ${i + 1}', ${i + 1})`);
  await sqlOk(
    request,
    `CREATE TABLE files.shell_questions (SELECT * FROM (VALUES ${questions.join(', ')}) AS t(question, doc_id))`,
  );

  await page.goto('/projects/mindsdb/knowledge-bases/shell_kb?tab=evaluate');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByLabel('Question table (columns question, doc_id)')).toHaveValue('shell_questions');
  await panel.getByRole('button', { name: 'Compare another setting' }).click();
  await panel.getByRole('button', { name: 'Run evaluation' }).click();
  await expect(panel.getByRole('table', { name: 'Metrics per setting' })).toBeVisible();
  await expect(panel.getByRole('img', { name: /Metrics per setting/ })).toBeVisible();

  expect(await documentOverflow(page)).toEqual({ height: 0, width: 0, scrolled: 0 });
  await page.getByRole('main').hover();
  await page.mouse.wheel(0, 3000);
  await page.mouse.wheel(0, 3000);
  // The page pane scrolled to its end; the shell (header, object browser) did not move.
  await expect
    .poll(() =>
      page
        .getByRole('main')
        .locator('.page')
        .evaluate((e) => e.scrollTop),
    )
    .toBeGreaterThan(0);
  expect(await documentOverflow(page)).toEqual({ height: 0, width: 0, scrolled: 0 });
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeInViewport();
  const path = testInfo.outputPath('evaluate-scrolled.png');
  await page.screenshot({ path });
  await testInfo.attach('evaluate-scrolled', { path, contentType: 'image/png' });
});

test('an unknown project in the address is said to be unknown, and the server’s projects are offered', async ({
  page,
}) => {
  // The project list comes late (a slow link): until it has, no page of the project is drawn.
  await page.route('**/api/projects', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto('/projects/nope/worksheet');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('There is no project called “nope”');
  // The picker offers only the server's projects: the unknown name does not join them.
  const picker = page.getByRole('combobox', { name: 'Project' });
  await expect(picker).toHaveValue('');
  await expect(picker.locator('option', { hasText: 'mindsdb' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'nope' })).toHaveCount(0);
  // No page of the unknown project was drawn meanwhile: the worksheet keeps no drafts for it.
  expect(await page.evaluate(() => localStorage.getItem('ks.worksheet') ?? '')).not.toContain('nope');
  await main.getByRole('list', { name: 'Projects' }).getByRole('link', { name: 'mindsdb' }).click();
  await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
  await expect(picker).toHaveValue('mindsdb');
});

test('Chat in a project without agents offers to create one', async ({ page, request }) => {
  await sqlOk(request, 'CREATE PROJECT agentless');
  await page.goto('/projects/agentless/chat');
  await expect(page.getByText('There is no agent in agentless yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Create an agent' }).click();
  await expect(page).toHaveURL(/\/projects\/agentless\/agents\/-\/new$/);
});

test('the theme follows the system until the user picks one, which is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/projects/mindsdb/worksheet');
  const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const theme = page.getByRole('combobox', { name: 'Theme' });
  await expect(theme).toHaveValue('system');
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).not.toBe(light);
  const dark = await background();

  await page.emulateMedia({ colorScheme: 'light' });
  await theme.selectOption({ label: 'Dark' });
  expect(await scheme()).toBe('dark');
  expect(await background()).toBe(dark);
  await page.reload();
  await expect(theme).toHaveValue('dark');
  expect(await background()).toBe(dark);

  await theme.selectOption({ label: 'As the system' });
  expect(await background()).toBe(light);
});
