import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Job, JobRun } from '../../../protocol/api/jobs';
import { fakeFetch, type FakeHandler } from '../../testing/fake-fetch';
import { fakeTree } from '../../testing/fake-tree';
import { renderRoutes } from '../../testing/render-routes';
import { JobListPage } from './job-list-page';
import { JobPage } from './job-page';

const tree = fakeTree({ ops: { type: 'project', objects: {} } });
const BASE = '/api/projects/ops/jobs';

/** This server's job routes as the console uses them: the job says whether it is active, PATCH changes it. */
function ourServer() {
  const job: Job = {
    id: 7,
    name: 'nightly',
    project: 'ops',
    start_at: '2030-01-01 00:00:00.000000',
    end_at: null,
    next_run_at: '2030-01-02 00:00:00.000000',
    schedule_str: 'every day',
    query: 'INSERT INTO ops.kb SELECT id, body FROM files.docs',
    if_query: null,
    active: true,
  };
  const run = (day: string, row_count: number | null): JobRun => ({
    name: 'nightly',
    project: 'ops',
    run_start: `${day} 00:00:00.000000`,
    run_end: `${day} 00:00:01.000000`,
    error: null,
    query: job.query,
    row_count,
  });
  const runs = [run('2030-01-01', 1234), run('2029-12-31', null)];
  const handler: FakeHandler = (req) => {
    if (req.path === BASE && req.method === 'GET') return { json: [job] };
    if (req.path === `${BASE}/nightly/history`) return { json: runs };
    if (req.path !== `${BASE}/nightly`) return undefined;
    if (req.method === 'GET') return { json: job };
    if (req.method === 'PATCH') {
      job.active = (req.body as { active: boolean }).active;
      return { json: { ...job } };
    }
    return undefined;
  };
  return { job, api: fakeFetch(async (req) => (await handler(req)) ?? tree(req)) };
}

beforeEach(() => localStorage.clear());

describe('jobs on this server: pause, resume and rows', () => {
  it('pauses a job after a confirmation and shows it paused at once, then resumes it', async () => {
    const { api } = ourServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <JobPage project="ops" name="nightly" /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Pause…' }));
    const ask = await screen.findByRole('dialog', { name: 'Pause job nightly?' });
    expect(api.sent('PATCH', `${BASE}/nightly`)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Pause job' }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(screen.getByText(/Paused: it does not run until it is resumed/)).toBeInTheDocument();
    expect(screen.queryByText(/a job cannot be paused/)).toBeNull();
    expect(api.sent('PATCH', `${BASE}/nightly`).map((r) => r.body)).toEqual([{ active: false }]);

    await user.click(screen.getByRole('button', { name: 'Resume…' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume job nightly?' });
    await user.click(within(resume).getByRole('button', { name: 'Resume job' }));
    expect(await screen.findByRole('button', { name: 'Pause…' })).toBeInTheDocument();
    expect(api.sent('PATCH', `${BASE}/nightly`).map((r) => r.body)).toEqual([
      { active: false },
      { active: true },
    ]);
  });

  it('shows each run’s rows, and "not counted" where the server did not count them', async () => {
    ourServer();
    renderRoutes([{ path: '/', element: <JobPage project="ops" name="nightly" /> }], '/');
    const runs = await screen.findByRole('table', { name: 'Runs of the job, newest first' });
    expect(within(runs).getByRole('columnheader', { name: 'Rows' })).toBeInTheDocument();
    const rows = within(runs).getAllByRole('row').slice(1);
    expect(rows[0].querySelector('.job-rows')?.textContent).toBe((1234).toLocaleString());
    expect(rows[1].querySelector('.job-rows')?.textContent).toBe('not counted');
  });

  it('the list says a paused job is paused', async () => {
    ourServer().job.active = false;
    renderRoutes([{ path: '/', element: <JobListPage project="ops" /> }], '/');
    const row = await screen.findByRole('row', { name: /^nightly/ });
    expect(within(row).getByText('Paused')).toBeInTheDocument();
  });
});
