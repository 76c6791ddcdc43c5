import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';
import { LoginPage } from '../pages/login-page';
import { WorksheetPage } from '../pages/worksheet-page';

// axe-core checks every page and state of the console, in the light and the dark theme, with its default rules
// (WCAG 2.x A and AA, best practices) and target size. One server and one browser page walk them all in sequence, so the whole check
// costs one server start; what it finds is gathered and reported at the end, page by page.
const USER = { username: 'admin', password: 's3cret-pass' };
test.use({ serverOptions: { demo: true, auth: USER } });

const KB = 'help_kb';
const AGENT = 'help_agent';

test('every page and state has no axe violations, in the light and the dark theme', async ({ page }) => {
  test.setTimeout(600_000);
  const found: Record<string, string[]> = {};
  // What the Content-Security-Policy refused on any page, even where the page caught the refusal (audits
  // report those too).
  const refused: string[] = [];
  await page.exposeFunction('reportRefusal', (what: string) => refused.push(what));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportRefusal: (what: string) => void }).reportRefusal(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  /** Checks what is on screen now, in both themes, under `state`. */
  const check = async (state: string) => {
    Object.assign(found, await axeBothThemes(page, state));
  };

  await page.goto('/login');
  const login = new LoginPage(page);
  await login.form.waitFor();
  await check('login');
  await login.login(USER.username, USER.password);

  // The worksheet is where a login lands.
  const ws = new WorksheetPage(page);
  await ws.editor.waitFor();
  await check('worksheet, empty');
  await ws.run(`SELECT id, title, category FROM files.help_articles ORDER BY id LIMIT 20`);
  await expect(ws.status).toContainText('20 rows');
  await check('worksheet, with a grid');

  const browser = page.getByRole('navigation', { name: 'Object browser' });
  await browser.getByRole('button', { name: 'Upload file' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a file' });
  await upload.waitFor();
  await check('upload dialog');
  await page.keyboard.press('Escape');
  await expect(upload).toBeHidden();
  await browser.getByRole('button', { name: 'Connect a data source' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a data source' });
  await connect.waitFor();
  await check('connect dialog');
  await page.keyboard.press('Escape');
  await expect(connect).toBeHidden();

  await page.goto('/projects/mindsdb/knowledge-bases');
  await page.getByRole('link', { name: KB }).first().waitFor();
  await check('KB list');
  await page.goto('/projects/mindsdb/knowledge-bases/-/new');
  await page.getByLabel('Name', { exact: true }).waitFor();
  await check('KB new');
  const kbTab = async (tab: string, ready: () => Promise<unknown>) => {
    await page.goto(`/projects/mindsdb/knowledge-bases/${KB}?tab=${tab}`);
    await ready();
    await check(`KB ${tab}`);
  };
  const panel = page.getByRole('tabpanel');
  await kbTab('settings', () => page.getByRole('group', { name: 'Embedding model' }).waitFor());
  await kbTab('load', () => panel.getByRole('radio', { name: 'Upload a file' }).waitFor());
  await kbTab('contents', () => panel.getByRole('table').first().waitFor());
  await page.goto(`/projects/mindsdb/knowledge-bases/${KB}?tab=search`);
  await panel.getByRole('searchbox', { name: 'Query' }).fill('where does my data live');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().waitFor();
  await check('KB search, with results');
  await page.goto(`/projects/mindsdb/knowledge-bases/${KB}?tab=evaluate`);
  await panel.getByLabel('Generate from this knowledge base').check();
  await panel.getByLabel('How many questions').fill('4');
  await panel.getByRole('button', { name: 'Run evaluation' }).click();
  await panel.getByRole('table', { name: 'Metrics per setting' }).waitFor();
  await check('KB evaluate, with results');

  await page.goto('/projects/mindsdb/agents');
  await page.getByRole('link', { name: AGENT }).first().waitFor();
  await check('agent list');
  await page.goto('/projects/mindsdb/agents/-/new');
  await page.getByLabel('Name', { exact: true }).waitFor();
  await check('agent new');
  await page.goto(`/projects/mindsdb/agents/${AGENT}`);
  await page.getByLabel('Prompt template').waitFor();
  await check('agent editor');

  const chat = new ChatPage(page);
  await chat.open('mindsdb', AGENT);
  await chat.questionBox().waitFor();
  await check('chat, empty');
  await chat.ask('Where is my data stored?');
  const turn = chat.turn('Where is my data stored?');
  await expect(turn).toHaveAttribute('data-status', 'done');
  await chat.ask('How do I start from scratch?');
  await expect(chat.turn('How do I start from scratch?')).toHaveAttribute('data-status', 'done');
  const card = chat.toolCards(turn, 'kb_query_tool').first();
  await chat.toggle(card).click();
  await card.getByRole('table').waitFor();
  await chat.citations(turn).first().click();
  await chat.chunkPanel(turn).waitFor();
  await check('chat, with a conversation');

  // A project without agents: Chat offers to create one.
  const created = await page.request.post('/api/sql/query', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { query: 'CREATE PROJECT quiet' },
  });
  expect((await created.json()).type).toBe('ok');
  await page.goto('/projects/quiet/chat');
  await page.getByRole('link', { name: 'Create an agent' }).waitFor();
  await check('chat, no agents');
  await page.goto('/projects/nope/worksheet');
  await page.getByRole('heading', { name: /no project called/ }).waitFor();
  await check('unknown project');

  expect(found).toEqual({});
  expect(refused).toEqual([]);
});

test('crawlers get a robots file and a description, not the console', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).not.toContain('<html');
  await page.goto('/login');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /knowledge bases/);
});
