import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';
import { WorksheetPage } from '../pages/worksheet-page';

// Keyboard users: a skip link past the header and the object browser; the agent picker holds on stray arrows.

test('the first Tab shows a skip link that puts focus on the page itself', async ({ page }) => {
  await page.goto('/projects/mindsdb/knowledge-bases');
  await page.getByRole('heading', { name: 'Knowledge bases' }).waitFor();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(new URL(page.url()).pathname).toBe('/projects/mindsdb/knowledge-bases');
  // The next Tab lands inside the page, not in the header or the object browser.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
  expect(inMain).toBe(true);
});

test('the worksheet leaves the focus at the top; its editor shows in full how Tab works and how to leave', async ({
  page,
}) => {
  const ws = new WorksheetPage(page);
  await ws.goto();
  // The editor is there but does not take the focus: the first Tab reaches the skip link.
  await expect(ws.editor).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

  // The editor's keys are its description, on screen beside it and not cut off.
  const keys = page.locator(`[id="${await ws.editor.getAttribute('aria-describedby')}"]`);
  await expect(keys).toContainText('Tab indents · Esc then Tab leaves the editor');
  await expect(keys).toBeInViewport({ ratio: 1 });
  for (const part of await keys.locator('> *').all()) {
    await expect(part).toBeInViewport({ ratio: 1 });
    expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }

  // What the keys say holds: Tab indents inside; Escape then Tab leaves, the saved SQL as it was.
  const savedSql = () =>
    page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('ks.worksheet') ?? '{}');
      return (saved.state.sheets.mindsdb.tabs as { sql: string }[])[0].sql;
    });
  await ws.setSql('SELECT 1');
  await page.keyboard.press('Tab');
  await expect.poll(savedSql).toBe('  SELECT 1');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(savedSql).toBe('SELECT 1');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(ws.editor).not.toBeFocused();
  expect(await savedSql()).toBe('SELECT 1');
  // Nor does a reload put the focus back in the editor.
  await page.reload();
  await expect(ws.editor).toHaveText('SELECT 1');
  await expect(ws.editor).not.toBeFocused();
});

test('a stray ArrowDown on the agent picker does not switch agent', async ({ page, request }) => {
  for (const name of ['alpha_agent', 'beta_agent']) {
    const res = await request.post('/api/projects/mindsdb/agents', { data: { agent: { name } } });
    expect(res.status()).toBe(201);
  }
  const chat = new ChatPage(page);
  await chat.open('mindsdb', 'alpha_agent');
  await expect(chat.agentPicker).toHaveValue('alpha_agent');
  await chat.agentPicker.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(chat.agentPicker).toHaveValue('alpha_agent');
  expect(new URL(page.url()).pathname).toBe('/projects/mindsdb/chat/alpha_agent');
  // Choosing on purpose still works.
  await chat.pickAgent('beta_agent');
  await expect(page).toHaveURL(/\/chat\/beta_agent$/);
});

test('the object browser is one Tab stop; arrow keys move, open and close inside it', async ({ page }) => {
  await page.goto('/projects/mindsdb/knowledge-bases');
  const tree = page.getByRole('tree', { name: 'Databases' });
  const mindsdb = tree.getByRole('treeitem', { name: /mindsdb/ });
  await expect(mindsdb).toHaveAttribute('aria-expanded', 'true');
  // Exactly one row takes Tab.
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Connect a data source' }).focus();
  await page.keyboard.press('Tab');
  const first = tree.getByRole('treeitem').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Tab');
  const left = await page.evaluate(() => !document.activeElement?.closest('[role="tree"]'));
  expect(left).toBe(true);

  await first.focus();
  // Down to the mindsdb project row, Right enters it, Left goes back to it, Left closes it.
  await page.keyboard.press('End');
  await expect(tree.getByRole('treeitem').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  for (let i = 0; i < 5 && !(await mindsdb.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(mindsdb).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const child = tree.getByRole('treeitem', { name: 'models' });
  await expect(child).toBeFocused();
  await expect(child).toHaveAttribute('aria-level', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(mindsdb).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(mindsdb).toHaveAttribute('aria-expanded', 'false');
  await expect(child).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(mindsdb).toHaveAttribute('aria-expanded', 'true');
  // Tab from outside comes back to the row last used.
  await page.getByRole('button', { name: 'Connect a data source' }).focus();
  await page.keyboard.press('Tab');
  await expect(mindsdb).toBeFocused();
});
