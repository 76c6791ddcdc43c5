import { test, expect } from '../fixtures';
import { LoginPage } from '../pages/login-page';
import { openWorksheet } from '../pages/worksheet-page';

// Login on: the server of this file's worker asks for a password.
test.use({ serverOptions: { auth: { username: 'admin', password: 'hardening-pw' } } });

test.describe('a session that ends mid-work', () => {
  test('opens the re-login dialog and keeps the worksheet draft', async ({ page }) => {
    await page.goto('/projects/mindsdb/worksheet');
    await new LoginPage(page).login('admin', 'hardening-pw');
    await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
    const ws = await openWorksheet(page);
    const draft = "SELECT 'a draft worth keeping' AS kept, 42 AS answer";
    await ws.setSql(draft);
    await expect(ws.editor).toHaveText(draft);

    // The page's own first requests (the object browser's groups, say) must be answered before the token goes:
    // one of them refused would open the re-login dialog before the run, which then never reaches the server.
    await page.waitForLoadState('networkidle');

    // The server ends the session (as on expiry or a logout elsewhere): the token is revoked.
    // The console's token is the HttpOnly session cookie (no script of the page can read it).
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'ks_session');
    const token = cookie.value;
    const revoked = await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);
    const refused = await page.request.get('/api/projects', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);

    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toHaveCount(0);
    await ws.runCurrent();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/mindsdb\/worksheet$/);
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password').fill('hardening-pw');
    await dialog.getByRole('button', { name: 'Log in again' }).click();
    await expect(dialog).toBeHidden();

    // The statement the expired session refused says so in plain words, and offers to run it again.
    await expect(ws.editor).toHaveText(draft);
    const refusedRun = page.getByRole('alert').filter({ hasText: 'Not run: the session had ended' });
    await expect(refusedRun).toBeVisible();
    await expect(page.getByText('Unauthorized')).toHaveCount(0);
    await refusedRun.getByRole('button', { name: 'Run it again' }).click();
    await expect(ws.columnHeader('kept')).toBeVisible();
    await expect(refusedRun).toHaveCount(0);
    await expect(ws.cell(0, 0)).toHaveText('a draft worth keeping');
    await expect(ws.cell(0, 1)).toHaveText('42');
    // And the draft outlives a reload, with the new token.
    await page.reload();
    await expect(ws.editor).toHaveText(draft);
    await expect(page.getByRole('dialog', { name: 'Your session has expired' })).toHaveCount(0);
  });
});
