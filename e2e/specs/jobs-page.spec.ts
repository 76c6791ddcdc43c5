import { axeBothThemes } from '../axe';
import { test, expect } from '../fixtures';
import { fillSqlField, sqlField } from '../pages/sql-field';
import { sqlOk } from '../sql';

const SHOTS = process.env.KS_SCREENSHOTS;

test('creates a job, shows its failing run from the list and its page, edits and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const found: Record<string, string[]> = {};
  await sqlOk(request, 'CREATE PROJECT IF NOT EXISTS jobs_e2e');
  await page.goto('/projects/jobs_e2e/jobs');
  await expect(page.getByRole('heading', { name: 'No jobs in jobs_e2e yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New job' }).click();
  await expect(page).toHaveURL(/\/projects\/jobs_e2e\/jobs\/-\/new$/);

  const form = page.getByRole('form', { name: 'New job' });
  await form.getByLabel('Name', { exact: true }).fill('nightly_sync');
  await fillSqlField(page, 'Statements', 'SELECT * FROM files.no_such_table');
  await form.getByLabel('Schedule').fill('every fortnight');
  // The draft survives a reload.
  await page.reload();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('nightly_sync');
  await expect(sqlField(page, 'Statements')).toContainText('files.no_such_table');
  await expect(form.getByLabel('Schedule')).toHaveValue('every fortnight');

  // The problem shows beside its field.
  await form.getByRole('button', { name: 'Create job' }).click();
  await expect(form.getByLabel('Schedule')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/Write it as MindsDB does/)).toBeVisible();
  Object.assign(found, await axeBothThemes(page, 'new job, with a problem'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-new.png`, fullPage: true });
  await form.getByLabel('Schedule').fill('every 1 hour');
  await form.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/projects\/jobs_e2e\/jobs\/nightly_sync$/);

  await expect(page.getByRole('heading', { name: 'nightly_sync', level: 1 })).toBeVisible();
  const facts = page.locator('.job-facts');
  await expect(facts).toContainText('every 1 hour');
  await expect(facts).toContainText('Active');
  // This server can pause a job (MindsDB cannot: against it the page says so instead).
  await expect(page.getByRole('button', { name: 'Pause…' })).toBeVisible();
  await expect(facts).not.toContainText('cannot be paused');
  await expect(page.locator('.job-sql')).toHaveText('SELECT * FROM files.no_such_table');

  // The scheduler looks for due jobs every 30 s: the first run fails, and its error is shown in full.
  const runs = page.getByRole('table', { name: 'Runs of the job, newest first' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Runs' }).waitFor();
        return runs.isVisible();
      },
      { timeout: 75_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(runs.getByText('Failed')).toBeVisible();
  await expect(runs.locator('.job-error')).toContainText('no_such_table');
  Object.assign(found, await axeBothThemes(page, 'job page, with a failed run'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-page.png`, fullPage: true });

  // The failure is visible from the list.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Jobs' }).click();
  const row = page.getByRole('row', { name: /nightly_sync/ });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('no_such_table');
  await expect(row).toContainText('every 1 hour');
  Object.assign(found, await axeBothThemes(page, 'job list'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-list.png`, fullPage: true });

  // Edit: reviewed before it is saved; the draft survives a reload meanwhile.
  await row.getByRole('link', { name: 'nightly_sync' }).click();
  const nextRun = facts.locator('dt:has-text("Next run") + dd');
  const nextRunBefore = await nextRun.textContent();
  await page.getByRole('button', { name: 'Edit job' }).click();
  const edit = page.getByRole('form', { name: 'Edit job' });
  await edit.getByLabel('Schedule').fill('every 2 hours');
  await page.reload();
  await expect(edit.getByLabel('Schedule')).toHaveValue('every 2 hours');
  await edit.getByRole('button', { name: 'Review and save…' }).click();
  const review = page.getByRole('dialog', { name: 'Save changes to nightly_sync?' });
  await expect(review.getByRole('row', { name: /Schedule/ })).toContainText('every 1 hour');
  await expect(review.getByRole('row', { name: /Schedule/ })).toContainText('every 2 hours');
  await expect(review).toContainText('MindsDB has no ALTER JOB');
  Object.assign(found, await axeBothThemes(page, 'job review'));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-review.png` });
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(review).toBeHidden();
  await expect(facts).toContainText('every 2 hours');
  // Re-created with its start unchanged, it keeps its next run rather than running at once.
  await expect(nextRun).toHaveText(nextRunBefore!);
  const saved = await (await request.get('/api/projects/jobs_e2e/jobs/nightly_sync')).json();
  expect(saved.schedule_str).toBe('every 2 hours');
  expect(saved.query).toBe('SELECT * FROM files.no_such_table');

  // Delete, after typing its name.
  await page.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete job nightly_sync?' });
  await confirm.getByLabel(/Type/).fill('nightly_sync');
  await confirm.getByRole('button', { name: 'Delete job' }).click();
  await expect(page).toHaveURL(/\/projects\/jobs_e2e\/jobs$/);
  await expect(page.getByRole('heading', { name: 'No jobs in jobs_e2e yet' })).toBeVisible();
  expect((await request.get('/api/projects/jobs_e2e/jobs/nightly_sync')).status()).toBe(404);

  expect(found).toEqual({});
});

test("pauses a job and resumes it, the list and page saying so at once; a run's rows are shown", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  await sqlOk(request, 'CREATE PROJECT IF NOT EXISTS jobs_pause_e2e');
  await sqlOk(request, 'DROP JOB IF EXISTS jobs_pause_e2e.two_rows');
  await sqlOk(
    request,
    'CREATE JOB jobs_pause_e2e.two_rows (SELECT 1 AS x UNION ALL SELECT 2 AS x) EVERY 1 hour',
  );
  await page.goto('/projects/jobs_pause_e2e/jobs/two_rows');
  await expect(page.getByRole('heading', { name: 'two_rows', level: 1 })).toBeVisible();

  // The scheduler looks for due jobs every 30 s: its first run returns two rows.
  const runs = page.getByRole('table', { name: 'Runs of the job, newest first' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Runs' }).waitFor();
        return runs.isVisible();
      },
      { timeout: 75_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(runs.getByRole('columnheader', { name: 'Rows' })).toBeVisible();
  await expect(runs.locator('.job-rows').first()).toHaveText('2');

  const facts = page.locator('.job-facts');
  await page.getByRole('button', { name: 'Pause…' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause job two_rows?' });
  Object.assign(found, await axeBothThemes(page, 'pause a job'));
  await pause.getByRole('button', { name: 'Pause job' }).click();
  await expect(pause).toBeHidden();
  await expect(page.locator('.rp-head-meta')).toHaveText('Paused');
  await expect(facts).toContainText('Paused: it does not run until it is resumed');
  expect((await (await request.get('/api/projects/jobs_pause_e2e/jobs/two_rows')).json()).active).toBe(false);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Jobs' }).click();
  const row = page.getByRole('row', { name: /two_rows/ });
  await expect(row).toContainText('Paused');
  Object.assign(found, await axeBothThemes(page, 'job list, with a paused job'));

  await row.getByRole('link', { name: 'two_rows' }).click();
  await page.getByRole('button', { name: 'Resume…' }).click();
  const resume = page.getByRole('dialog', { name: 'Resume job two_rows?' });
  await resume.getByRole('button', { name: 'Resume job' }).click();
  await expect(resume).toBeHidden();
  await expect(page.locator('.rp-head-meta')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Pause…' })).toBeVisible();
  expect((await (await request.get('/api/projects/jobs_pause_e2e/jobs/two_rows')).json()).active).toBe(true);

  await sqlOk(request, 'DROP JOB jobs_pause_e2e.two_rows');
  expect(found).toEqual({});
});
