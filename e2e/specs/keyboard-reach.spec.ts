import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';

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
