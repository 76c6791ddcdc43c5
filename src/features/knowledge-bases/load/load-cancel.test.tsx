import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sqlTable, type FakeRequest } from '../../../testing/fake-fetch';
import { renderRoutes } from '../../../testing/render-routes';
import { KnowledgeBasePage } from '../kb-page';
import { useLoadJobs } from './load-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useLoadJobs.setState({ jobs: {} });
});

const KB = '/api/projects/mindsdb/knowledge_bases/docs';
const docs = { id: 1, name: 'docs', embedding_model: { provider: 'local' }, content_columns: ['content'] };

/** An INSERT that runs until its request is closed, as a long load on the real server does. */
const untilClosed = (req: FakeRequest) =>
  new Promise<never>((_, reject) =>
    req.signal?.addEventListener('abort', () => reject(new DOMException('closed', 'AbortError'))),
  );

function serve(insert: (req: FakeRequest) => Promise<never> | { json: unknown }) {
  return fakeFetch(async (req) => {
    if (req.path === KB) return { json: docs };
    if (req.path === '/api/files')
      return { json: [{ name: 'faq', row_count: 400, columns: ['id', 'content'] }] };
    // No data source is connected: the picker offers files only.
    if (req.path === '/api/tree/') return { json: [] };
    if (req.path === `${KB}/progress`) return { json: { state: 'running', rows_done: 100, rows_total: 400 } };
    const query = (req.body as { query?: string } | undefined)?.query ?? '';
    if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
    if (query.startsWith('INSERT INTO')) return insert(req);
    return undefined;
  });
}

async function startLoad() {
  const user = userEvent.setup();
  renderRoutes(
    [
      {
        path: '/projects/:project/knowledge-bases/:kb',
        element: <KnowledgeBasePage project="mindsdb" name="docs" />,
      },
    ],
    '/projects/mindsdb/knowledge-bases/docs?tab=load',
  );
  await waitFor(() =>
    expect(screen.getByRole('option', { name: 'files.faq (400 rows)' })).toBeInTheDocument(),
  );
  await user.selectOptions(screen.getByLabelText('Table'), 'faq');
  await user.click(screen.getByRole('button', { name: 'Load 400 rows' }));
  return user;
}

describe('a running KB load', () => {
  it('can be cancelled: the request is closed, the bar stops where it got to, and the page says so', async () => {
    const api = serve(untilClosed);
    const user = await startLoad();
    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(await screen.findByText(/^The load from files\.faq was cancelled/)).toHaveTextContent(
      'Rows embedded before it stopped stay in docs',
    );
    const insert = api.requests.find((r) => (r.body as { query?: string })?.query?.startsWith('INSERT'));
    expect(insert?.signal?.aborted).toBe(true);
    const stopped = screen.getByRole('progressbar', { name: 'Load progress' });
    expect(stopped).toHaveAttribute('aria-valuenow', '25');
    expect(stopped).not.toHaveClass('is-indeterminate');
    expect(screen.queryByRole('button', { name: 'Cancel load' })).not.toBeInTheDocument();
  });

  it('that failed shows no moving bar beside "The load stopped."', async () => {
    serve(() => ({ json: { type: 'error', error_code: 0, error_message: 'The embedding server is down' } }));
    await startLoad();
    expect(await screen.findByRole('alert')).toHaveTextContent('The embedding server is down');
    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    expect(bar).toHaveAccessibleDescription('The load stopped.');
    expect(bar).not.toHaveClass('is-indeterminate');
    expect(bar).toHaveAttribute('aria-valuenow');
  });
});
