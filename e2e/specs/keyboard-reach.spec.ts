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
