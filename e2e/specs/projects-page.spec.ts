import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';
import { sqlOk } from '../sql';

const SHOTS = process.env.KS_SCREENSHOTS;

test('creates, renames and deletes a project; the picker follows at once; delete lists what it holds', async ({
  page,
  request,
}) => {
  const found: Record<string, string[]> = {};
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('row', { name: /^mindsdb/ })).toContainText(
    'The default project keeps its name and cannot be deleted.',
  );
  const picker = page.getByRole('banner').getByLabel('Project');
  const pickerOffers = (name: string) => picker.locator('option', { hasText: new RegExp(`^${name}$`) });

  // A name the server would refuse is said beside the field; the draft survives a reload.
  const form = page.getByRole('form', { name: 'New project' });
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('bad name!');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Use letters, digits and _')).toBeVisible();
  Object.assign(found, await axeBothThemes(page, 'projects, with a problem'));
  await name.fill('proj_e2e');
  await page.reload();
  await expect(name).toHaveValue('proj_e2e');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('status')).toContainText('Project proj_e2e is created');
  await expect(pickerOffers('proj_e2e')).toHaveCount(1);
  await expect(table.getByRole('row', { name: /^proj_e2e/ })).toContainText('nothing yet');

  await sqlOk(request, 'CREATE VIEW proj_e2e.recent AS (SELECT 1 AS x)');
  await sqlOk(request, 'CREATE JOB proj_e2e.tick (SELECT 1) EVERY day');
  await page.reload();
  await expect(table.getByRole('row', { name: /^proj_e2e/ })).toContainText('1 view, 1 job');
  Object.assign(found, await axeBothThemes(page, 'projects'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/projects.png`, fullPage: true });

  // Rename, after a review: its objects move with it, and the picker follows without a reload.
  await table.getByRole('button', { name: 'Rename proj_e2e' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename project proj_e2e' });
  await rename.getByLabel('New name').fill('proj_renamed');
  await rename.getByRole('button', { name: 'Review…' }).click();
  await expect(rename.getByRole('row', { name: /Name/ })).toContainText('proj_renamed');
  await expect(rename).toContainText('is not rewritten');
  Object.assign(found, await axeBothThemes(page, 'project rename review'));
  await rename.getByRole('button', { name: 'Rename project' }).click();
  await expect(rename).toBeHidden();
  await expect(pickerOffers('proj_renamed')).toHaveCount(1);
  await expect(pickerOffers('proj_e2e')).toHaveCount(0);
  await expect(table.getByRole('row', { name: /^proj_renamed/ })).toContainText('1 view, 1 job');
  const views = await (await request.get('/api/projects/proj_renamed/views')).json();
  expect(views.map((v: { name: string }) => v.name)).toEqual(['recent']);

  // Delete says what it holds first.
  await table.getByRole('button', { name: 'Delete proj_renamed' }).click();
  const drop = page.getByRole('dialog', { name: 'Delete project proj_renamed?' });
  const holds = drop.getByRole('note', { name: 'What is deleted with it' });
  await expect(holds).toContainText('It holds 1 view, 1 job.');
  await expect(holds.getByRole('listitem')).toHaveText(['Views: recent', 'Jobs: tick']);
  Object.assign(found, await axeBothThemes(page, 'project delete'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/project-delete.png` });
  await drop.getByLabel(/Type/).fill('proj_renamed');
  await drop.getByRole('button', { name: 'Delete project' }).click();
  await expect(drop).toBeHidden();
  await expect(table.getByRole('row', { name: /^proj_renamed/ })).toHaveCount(0);
  await expect(pickerOffers('proj_renamed')).toHaveCount(0);
  expect((await request.get('/api/projects/proj_renamed')).status()).toBe(404);

  expect(found).toEqual({});
});
