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

  test('the browser that logged in before gets in while someone keeps the account locked', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await new LoginPage(page).login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/worksheet/);
    // The browser keeps a device cookie for the login route only, out of reach of the page's scripts.
    const [device] = (await page.context().cookies()).filter((c) => c.name === 'ks_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    // Someone on this machine (the owner's own address) guesses until the account is locked for a while: the
    // lock doubles with each guess let through after one ends, so the checks below all fall within it.
    const guess = () =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'guess' }),
      });
    for (let locked = 0; locked < 16;) {
      const res = await guess();
      if (res.status !== 429) continue;
      locked = Number(res.headers.get('retry-after'));
      if (locked < 16) await new Promise((done) => setTimeout(done, locked * 1000));
    }
    // A browser that never logged in is held up with everyone else...
    const stranger = await browser.newContext();
    const refused = await stranger.request.post(`${server.url}/api/login`, {
      data: { username: 'admin', password: 's3cret-pass' },
    });
    expect(refused.status()).toBe(429);
    await stranger.close();
    // ...while the owner's browser has an allowance of its own. The lock held all along: no guess of ours was
    // let through since (a lock that had ended would have let this one be checked: 401).
    await new LoginPage(page).login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/worksheet/);
    expect((await guess()).status).toBe(429);
  });
});
