import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { fakeTree } from '../../testing/fake-tree';
import { mindsdbJobsFake } from '../../testing/mindsdb-jobs-fake';
import { renderRoutes } from '../../testing/render-routes';
import { draftKey } from '../../components/stored-draft';
import { emptyJobDraft, localInputOf, type JobDraft } from './job-draft';
import { JobCreatePage } from './job-create-page';
import { JobListPage } from './job-list-page';
import { JobPage } from './job-page';

const tree = fakeTree({ mindsdb: { type: 'project', objects: {} } });
const BASE = '/api/projects/mindsdb/jobs';
const ERROR =
  "Table 'no_such_table' not found in database 'files'\nwhile running: SELECT * FROM files.no_such_table";

function mindsdb() {
  const fake = mindsdbJobsFake();
  fake.add({
    name: 'nightly',
    start_at: '2026-03-01 22:00:00',
    end_at: null,
    next_run_at: '2026-03-02 22:00:00',
    schedule_str: 'every 1 day',
    query: 'SELECT * FROM files.no_such_table',
    if_query: null,
  });
  fake.history.set('nightly', [
    { run_start: '2026-02-28 22:00:00', run_end: '2026-02-28 22:00:02', error: null, query: 'SELECT 1' },
    { run_start: '2026-03-01 22:00:00', run_end: '2026-03-01 22:00:01', error: ERROR, query: null },
  ]);
  const api = fakeFetch(async (req) => (await fake.handler(req)) ?? tree(req));
  return { fake, api };
}

/** A draft kept in this browser, as the form left it before a reload. */
const keep = (key: string, draft: JobDraft) =>
  localStorage.setItem(draftKey('job', key), JSON.stringify(draft));

beforeEach(() => localStorage.clear());

describe('jobs against MindsDB (recorded behaviour)', () => {
  it("the list shows a job's failed last run with its error", async () => {
    mindsdb();
    renderRoutes([{ path: '/', element: <JobListPage project="mindsdb" /> }], '/');
    const row = await screen.findByRole('row', { name: /^nightly/ });
    expect(await within(row).findByText('Failed')).toBeInTheDocument();
    expect(row).toHaveTextContent("Table 'no_such_table' not found in database 'files'");
    expect(row).toHaveTextContent('every 1 day');
  });

  it('the page shows the schedule, that it is active, and each run with the error in full', async () => {
    mindsdb();
    renderRoutes([{ path: '/', element: <JobPage project="mindsdb" name="nightly" /> }], '/');
    const runs = await screen.findByRole('table', { name: 'Runs of the job, newest first' });
    const rows = within(runs).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('1.0 s');
    expect(rows[0].querySelector('.job-error')?.textContent).toBe(ERROR);
    expect(rows[1]).toHaveTextContent('Succeeded');
    expect(rows[1]).toHaveTextContent('2.0 s');
    expect(screen.getByText('every 1 day')).toBeInTheDocument();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getByText(/a job cannot be paused/)).toBeInTheDocument();
    // MindsDB's jobs say nothing of being active and its runs count no rows: neither is offered.
    expect(screen.queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
    expect(within(runs).queryByRole('columnheader', { name: 'Rows' })).toBeNull();
  });

  it('creates a job with exactly the keys MindsDB reads (start_at and end_at present)', async () => {
    const { fake, api } = mindsdb();
    keep('mindsdb/-new', {
      ...emptyJobDraft(),
      name: 'hourly',
      query: 'SELECT 1',
      schedule: 'every 1 hour',
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/new', element: <JobCreatePage project="mindsdb" /> },
        { path: '/projects/:project/jobs/:job', element: <p>job page</p> },
      ],
      '/new',
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('hourly');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await screen.findByText('job page')).toBeInTheDocument();
    expect(api.sent('POST', BASE).map((r) => r.body)).toEqual([
      {
        job: {
          name: 'hourly',
          query: 'SELECT 1',
          if_query: null,
          start_at: null,
          end_at: null,
          schedule_str: 'every 1 hour',
        },
      },
    ]);
    expect(fake.jobs.get('hourly')?.schedule_str).toBe('every 1 hour');
    // Created: the kept draft is gone.
    expect(localStorage.getItem(draftKey('job', 'mindsdb/-new'))).toBeNull();
  });

  it('an edit kept through a reload is reviewed, then saved as a delete and a create under the same name', async () => {
    const { fake, api } = mindsdb();
    keep('mindsdb/nightly', {
      name: 'nightly',
      query: 'SELECT * FROM files.docs',
      if_query: '',
      start: localInputOf('2026-03-01 22:00:00'),
      end: '',
      schedule: 'every 2 days',
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <JobPage project="mindsdb" name="nightly" /> }], '/');
    const form = await screen.findByRole('form', { name: 'Edit job' });
    expect(within(form).getByLabelText('Schedule')).toHaveValue('every 2 days');
    await user.click(within(form).getByRole('button', { name: 'Review and save…' }));
    const review = await screen.findByRole('dialog', { name: 'Save changes to nightly?' });
    expect(within(review).getByRole('row', { name: /Schedule/ })).toHaveTextContent(
      'every 1 dayevery 2 days',
    );
    expect(review).toHaveTextContent('MindsDB has no ALTER JOB');
    await user.click(within(review).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('every 2 days')).toBeInTheDocument();
    expect(api.sent('DELETE', `${BASE}/nightly`)).toHaveLength(1);
    expect(api.sent('POST', BASE).map((r) => r.body)).toEqual([
      {
        job: {
          name: 'nightly',
          query: 'SELECT * FROM files.docs',
          if_query: null,
          // The start was left as it was: the job keeps its next run rather than running at once.
          start_at: '2026-03-02 22:00:00',
          end_at: null,
          schedule_str: 'every 2 days',
        },
      },
    ]);
    expect(fake.jobs.get('nightly')).toMatchObject({
      schedule_str: 'every 2 days',
      query: 'SELECT * FROM files.docs',
    });
    expect(localStorage.getItem(draftKey('job', 'mindsdb/nightly'))).toBeNull();
  });
});
