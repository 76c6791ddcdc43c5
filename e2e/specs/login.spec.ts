import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { LoginPage } from '../pages/login-page';
import { Shell } from '../pages/shell';
import { WorksheetPage } from '../pages/worksheet-page';

test.use({ serverOptions: { auth: { username: 'admin', password: 's3cret-pass' } } });

/** Every Content-Security-Policy violation the page reports, as the browser logs it. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(msg.text()))
      seen.push(msg.text());
  });
  return seen;
}

test.describe('with login', () => {
  test('asks for a password, refuses a wrong one, accepts the right one, and logs out', async ({ page }) => {
    const violations = cspViolations(page);
    await page.goto('/projects/mindsdb/worksheet');
    await expect(page).toHaveURL(/\/login\?next=/);
    const login = new LoginPage(page);
    await login.login('admin', 'wrong');
    await expect(login.form.getByRole('alert')).toHaveText('Wrong username or password.');
    await login.login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
    await expect(new Shell(page).browser.getByRole('treeitem', { name: /mindsdb/ })).toBeVisible();

    // The session is an HttpOnly cookie: nothing a script of the page can read holds the token.
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'ks_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const readable = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    expect(readable).not.toContain(cookie.value);
    // A reload stays logged in through the cookie.
    await page.reload();
    await expect(new Shell(page).browser.getByRole('treeitem', { name: /mindsdb/ })).toBeVisible();
    // The editor and the result grid (both insert styles at run time) run under the CSP, and a cookie-only
    // session may run a statement (a write: POST, which needs the X-Requested-With header the console sends).
    const worksheet = new WorksheetPage(page);
    await worksheet.run("SELECT 1 AS one, 'two' AS two");
    await expect(worksheet.grid.getByText('two', { exact: true }).last()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('console-under-csp.png') });
    expect(violations).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/projects/mindsdb/worksheet');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a refused session opens the re-login dialog in place', async ({ page, server }) => {
    await page.goto('/login');
    await new LoginPage(page).login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/worksheet/);
    // The server forgets the session (as when it expires); the next request answers 401.
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'ks_session');
    const revoked = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cookie.value}` },
    });
    expect(revoked.status).toBe(200);
    // Move to another page in place (no reload; the dialog may already cover the links): its list is fetched.
    await page.evaluate(() => {
      history.pushState({}, '', '/projects/mindsdb/knowledge-bases');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/knowledge-bases/);
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password').fill('s3cret-pass');
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await expect(dialog).toBeHidden();
    await expect(new Shell(page).browser.getByRole('treeitem', { name: /mindsdb/ })).toBeVisible();
  });
});
