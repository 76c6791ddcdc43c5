import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';

// The instance's settings on a server of its own (login is turned on and off here). It answers to a name given
// with --allowed-hosts, as behind a reverse proxy: other machines can reach it, and turning login off says so.
test.use({
  serverOptions: { env: { KS_E2E_SPEC: 'settings-page', KS_ALLOWED_HOSTS: 'studio.example.test' } },
});

const PASSWORD = 'settings-Pa55word';

test('instance settings: login turned on with a user and a write-only password, then off after a clear warning', async ({
  page,
  request,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/projects\/mindsdb\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instance settings' })).toBeVisible();
  const loginForm = page.getByRole('form', { name: 'Login' });
  await expect(loginForm).toContainText('Login is off');
  // The default models are settable here too: the form says what it wins over.
  const models = page.getByRole('form', { name: 'Default models' });
  await expect(models).toContainText('wins over the models this server was started with');
  await page.screenshot({ path: testInfo.outputPath('settings-page.png'), fullPage: true });
  expect(await axeBothThemes(page, 'settings page')).toEqual({});

  // Turning login on needs a password: the problem is shown beside its field.
  await loginForm.getByLabel('On: a user name and password').check();
  await loginForm.getByLabel('User name', { exact: true }).fill('ann');
  await loginForm.getByRole('button', { name: 'Review and save…' }).click();
  const password = loginForm.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Give a password to turn login on/);

  // The draft survives a reload, without the typed password.
  await password.fill(PASSWORD);
  await page.reload();
  await expect(loginForm.getByLabel('User name', { exact: true })).toHaveValue('ann');
  await expect(loginForm.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(loginForm.getByText('Your unsaved changes were kept')).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(PASSWORD);

  // Review, then save: the console logs in with the new credentials and stays on the page.
  await loginForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await loginForm.getByRole('button', { name: 'Review and save…' }).click();
  const review = page.getByRole('dialog', { name: 'Save the login settings?' });
  await expect(review.getByRole('row', { name: /^Login/ })).toContainText('offon');
  await expect(review.getByRole('row', { name: /User name/ })).toContainText('ann');
  await expect(review.getByRole('row', { name: /Password/ })).toContainText('new (hidden)');
  await expect(review).not.toContainText(PASSWORD);
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(loginForm.getByRole('status')).toHaveText('Saved: login is on for ann.');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('header').getByRole('note')).toHaveCount(0);
  await expect(loginForm).toContainText('Login is on: ann logs in with a password.');
  // A client without a session is now refused; the password never reached the page.
  expect((await request.get('/api/projects')).status()).toBe(401);
  expect(await page.content()).not.toContain(PASSWORD);

  // Turning it off: the review warns that other machines can reach this server.
  await loginForm.getByLabel('Off: no login').check();
  await expect(loginForm.getByRole('alert')).toContainText('Other machines can reach this server');
  await loginForm.getByRole('button', { name: 'Review and save…' }).click();
  const off = page.getByRole('dialog', { name: 'Turn login off?' });
  await expect(off.getByRole('alert')).toContainText('anyone can read and change every table');
  await page.screenshot({ path: testInfo.outputPath('turn-login-off.png') });
  expect(await axeBothThemes(page, 'turn login off dialog')).toEqual({});
  // Keep editing leaves it on.
  await off.getByRole('button', { name: 'Keep editing' }).click();
  expect((await request.get('/api/projects')).status()).toBe(401);
  await loginForm.getByRole('button', { name: 'Review and save…' }).click();
  await off.getByRole('button', { name: 'Turn login off' }).click();
  await expect(loginForm.getByRole('status')).toHaveText('Saved: login is off.');
  await expect(page.locator('header').getByRole('note')).toHaveText('Login is off');
  expect((await request.get('/api/projects')).status()).toBe(200);
});

test('instance settings: a new default chat model, reviewed and saved, is the model of an agent created afterwards', async ({
  page,
  request,
}) => {
  const before = await request.post('/api/projects/mindsdb/agents', {
    data: { agent: { name: 'e2e_before_default' } },
  });
  expect(before.status()).toBe(201);
  await page.goto('/projects/mindsdb/settings');
  const models = page.getByRole('form', { name: 'Default models' });
  const chat = models.getByRole('group', { name: 'Default chat model' });
  await expect(chat).toContainText('Now: local');
  await chat.getByLabel('Provider').selectOption('ollama');
  await chat.getByLabel('Model name').fill('llama-e2e');
  await chat.getByLabel('Base URL').fill('http://127.0.0.1:11434');

  // The draft survives a reload.
  await page.reload();
  await expect(chat.getByLabel('Model name')).toHaveValue('llama-e2e');
  await expect(models.getByText('Your unsaved changes were kept')).toBeVisible();

  await models.getByRole('button', { name: 'Review and save…' }).click();
  const review = page.getByRole('dialog', { name: 'Save the default models?' });
  await expect(review.getByRole('row', { name: /^Default chat model local/ })).toContainText(
    'ollama · llama-e2e',
  );
  await expect(review.getByRole('row', { name: /^Default chat model base URL/ })).toContainText(
    'http://127.0.0.1:11434',
  );
  expect(await axeBothThemes(page, 'default models review')).toEqual({});
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(models.getByRole('status')).toHaveText(/^Saved\./);
  await expect(chat).toContainText('Now: ollama · llama-e2e');

  const config = await (await request.get('/api/config')).json();
  expect(config.default_llm).toEqual({
    provider: 'ollama',
    model_name: 'llama-e2e',
    base_url: 'http://127.0.0.1:11434',
  });
  const after = await request.post('/api/projects/mindsdb/agents', {
    data: { agent: { name: 'e2e_after_default' } },
  });
  expect(after.status()).toBe(201);
  expect((await after.json()).model).toMatchObject({ provider: 'ollama', model_name: 'llama-e2e' });
  // The agent made before keeps its model.
  const kept = await (await request.get('/api/projects/mindsdb/agents/e2e_before_default')).json();
  expect(kept.model.provider).toBe('local');

  // Set back, so that the server's other objects are not changed for later specs of this worker.
  expect((await request.put('/api/config', { data: { default_llm: null } })).status()).toBe(200);
});
