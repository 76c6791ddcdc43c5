import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, type FakeRequest } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { ProjectsPage } from './projects-page';

/**
 * MindsDB's answers, as its source gives them (namespaces/tree.py, projects.py, interfaces/database/projects.py):
 * a project's tree lists its jobs (class `job`) and models beside views; DROP PROJECT refuses a project that
 * holds anything but models; ALTER DATABASE p NAME = 'new' wants the new name in lower case.
 */
function mindsdb() {
  const projects = ['mindsdb', 'shop'];
  const api = fakeFetch((req: FakeRequest) => {
    if (req.path === '/api/projects') return { json: projects.map((name) => ({ name })) };
    if (req.path === '/api/tree/shop')
      return {
        json: [
          { name: 'models', schema: null, class: 'table', type: 'table', engine: null, deletable: false },
          { name: 'recent', schema: null, class: 'table', type: 'view', engine: null, deletable: true },
          { name: 'tick', schema: null, class: 'job', type: 'job', engine: 'job', deletable: true },
        ],
      };
    if (req.path === '/api/tree/mindsdb')
      return { json: [{ name: 'models', class: 'table', type: 'table', deletable: false }] };
    if (req.path === '/api/projects/shop/jobs')
      return {
        json: [
          {
            id: 1,
            name: 'tick',
            project: 'shop',
            start_at: '2026-01-02 03:04:05.000000',
            end_at: null,
            next_run_at: '2026-01-03 03:04:05.000000',
            schedule_str: 'every day',
            query: 'SELECT 1',
            if_query: null,
            variables: {},
          },
        ],
      };
    if (req.path === '/api/projects/mindsdb/jobs') return { json: [] };
    if (req.path === '/api/sql/query') {
      const { query } = req.body as { query: string };
      if (query.startsWith('DROP PROJECT'))
        return {
          json: {
            type: 'error',
            error_code: 0,
            error_message: "Project 'shop' can not be deleted, because it contains tables: recent",
          },
        };
      if (query.startsWith('ALTER DATABASE'))
        return { json: { type: 'error', error_code: 0, error_message: 'New name must be in lower case.' } };
    }
    return undefined;
  });
  return { api };
}

describe('projects against MindsDB (recorded behaviour)', () => {
  it("counts a job MindsDB's tree lists once, and shows its refusal to drop a project that holds objects", async () => {
    const { api } = mindsdb();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ProjectsPage /> }], '/');
    const row = await screen.findByRole('row', { name: /^shop/ });
    expect(await within(row).findByText('1 view, 1 job')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project shop?' });
    expect(await within(dialog).findByRole('note', { name: 'What is deleted with it' })).toHaveTextContent(
      'Views: recentJobs: tick',
    );
    await user.type(within(dialog).getByLabelText(/Type/), 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Project 'shop' can not be deleted, because it contains tables: recent",
    );
    expect(api.sent('POST', '/api/sql/query').map((r) => (r.body as { query: string }).query)).toEqual([
      'DROP PROJECT shop',
    ]);
  });

  it("renames with MindsDB's statement, and shows its refusal beside the new name", async () => {
    const { api } = mindsdb();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ProjectsPage /> }], '/');
    const row = await screen.findByRole('row', { name: /^shop/ });
    await user.click(within(row).getByRole('button', { name: 'Rename shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename project shop' });
    const field = within(dialog).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Store');
    await user.click(within(dialog).getByRole('button', { name: 'Review…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rename project' }));
    expect(await within(dialog).findByText('New name must be in lower case.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/api/sql/query').map((r) => (r.body as { query: string }).query)).toEqual([
      "ALTER DATABASE shop NAME = 'Store'",
    ]);
  });
});
