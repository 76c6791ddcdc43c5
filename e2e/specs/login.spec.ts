import { test, expect } from '../fixtures';
import { LoginPage } from '../pages/login-page';
import { Shell } from '../pages/shell';

test.use({ serverOptions: { auth: { username: 'admin', password: 's3cret-pass' } } });

test.describe('with login', () => {
  test('asks for a password, refuses a wrong one, accepts the right one, and logs out', async ({ page }) => {
    await page.goto('/projects/mindsdb/worksheet');
    await expect(page).toHaveURL(/\/login\?next=/);
    const login = new LoginPage(page);
    await login.login('admin', 'wrong');
    await expect(login.form.getByRole('alert')).toHaveText('Wrong username or password.');
    await login.login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
    await expect(new Shell(page).browser.getByRole('button', { name: /mindsdb/ })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/projects/mindsdb/worksheet');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a refused token opens the re-login dialog in place', async ({ page }) => {
    await page.goto('/login');
    await new LoginPage(page).login('admin', 's3cret-pass');
    await expect(page).toHaveURL(/worksheet/);
    // The server forgets the token (as when it expires); the next request answers 401.
    await page.evaluate(() => {
      const raw = localStorage.getItem('ks.session')!;
      const parsed = JSON.parse(raw);
      parsed.state.token = 'no-longer-valid';
      localStorage.setItem('ks.session', JSON.stringify(parsed));
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/worksheet/);
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password').fill('s3cret-pass');
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await expect(dialog).toBeHidden();
    await expect(new Shell(page).browser.getByRole('button', { name: /mindsdb/ })).toBeVisible();
  });
});
