import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable, type FakeRequest, type FakeResponse } from '../../../testing/fake-fetch';
import { renderKbPage } from '../../../testing/render-kb-page';
import { useLoadJobs } from './load-store';

afterEach(() => {
  useLoadJobs.setState({ jobs: {} });
});

const KB = '/api/projects/mindsdb/knowledge_bases/docs';
const docs = { id: 1, name: 'docs', embedding_model: { provider: 'local' }, content_columns: ['content'] };
const CANCELLED = "The insert into knowledge base 'docs' was cancelled";

/**
 * Plays our server for one KB and its load: the progress route tells the load's state, the INSERT waits until
 * the cancel route stops it (answering the SQL error our server sends), or until its request is closed.
 */
function serve({
  running = false,
  cancelRoute = true,
  insert,
}: {
  running?: boolean;
  cancelRoute?: boolean;
  insert?: (req: FakeRequest) => FakeResponse;
} = {}) {
  const server = { state: running ? 'running' : 'idle', error: null as string | null, stop: () => {} };
  const api = fakeFetch(async (req) => {
    if (req.path === KB) return { json: docs };
    if (req.path === '/api/files')
      return { json: [{ name: 'faq', row_count: 400, columns: ['id', 'content'] }] };
    // No data source is connected: the picker offers files only.
    if (req.path === '/api/tree/') return { json: [] };
    if (req.path === `${KB}/progress`)
      return { json: { state: server.state, rows_done: 100, rows_total: 400, error: server.error } };
    if (req.path === `${KB}/cancel_insert` && cancelRoute) {
      const was = server.state === 'running';
      server.state = 'failed';
      server.error = CANCELLED;
      server.stop();
      return { json: { cancelled: was } };
    }
    const query = (req.body as { query?: string } | undefined)?.query ?? '';
    if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
    if (query.startsWith('INSERT INTO')) {
      if (insert) return insert(req);
      server.state = 'running';
      return new Promise<FakeResponse>((resolve, reject) => {
        server.stop = () => resolve({ json: { type: 'error', error_code: 0, error_message: CANCELLED } });
        req.signal?.addEventListener('abort', () => reject(new DOMException('closed', 'AbortError')));
      });
    }
    return undefined;
  });
  return { api, server };
}

function openPage() {
  renderKbPage('load');
}

async function startLoad() {
  const user = userEvent.setup();
  openPage();
  expect(
    await screen.findByRole('option', { name: 'files.faq (400 rows)' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Table'), 'faq');
  await user.click(screen.getByRole('button', { name: 'Load 400 rows' }));
  return user;
}

const insertRequest = (requests: FakeRequest[]) =>
  requests.find((r) => (r.body as { query?: string })?.query?.startsWith('INSERT'));

describe('a running KB load', () => {
  it('asks the server to keep it running when the page closes, and Cancel stops it on the cancel route', async () => {
    const { api } = serve();
    const user = await startLoad();
    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(insertRequest(api.requests)?.body).toMatchObject({ keep_running: true });
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(await screen.findByText(/^The load from files\.faq was cancelled/)).toHaveTextContent(
      'The 100 rows stored before it stopped stay in docs: the server does not record which rows one load wrote',
    );
    expect(api.requests.some((r) => r.path === `${KB}/cancel_insert` && r.method === 'POST')).toBe(true);
    // The server stopped it; the request was not what stopped it.
    expect(insertRequest(api.requests)?.signal?.aborted).not.toBe(true);
    const stopped = screen.getByRole('progressbar', { name: 'Load progress' });
    expect(stopped).toHaveAttribute('aria-valuenow', '25');
    expect(stopped).not.toHaveClass('is-indeterminate');
    expect(screen.queryByRole('button', { name: 'Cancel load' })).not.toBeInTheDocument();
  });

  it('found running when the page opens (after a reload) shows its progress with Cancel', async () => {
    const { api } = serve({ running: true });
    const user = userEvent.setup();
    openPage();
    const bar = await screen.findByRole('progressbar', { name: 'Load progress' }, { timeout: 10_000 });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByText(/A load started earlier is still running on the server/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(await screen.findByText(/^The load was cancelled\. The/)).toHaveTextContent(
      'The 100 rows stored before it stopped stay in docs',
    );
    expect(api.requests.some((r) => r.path === `${KB}/cancel_insert`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel load' })).not.toBeInTheDocument();
  });

  it('on a server without the cancel route, Cancel closes the request', async () => {
    const { api } = serve({ cancelRoute: false });
    const user = await startLoad();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Load progress' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(await screen.findByText(/^The load from files\.faq was cancelled/)).toBeInTheDocument();
    expect(insertRequest(api.requests)?.signal?.aborted).toBe(true);
  });

  it('that failed shows no moving bar beside "The load stopped."', async () => {
    serve({
      insert: () => ({
        json: { type: 'error', error_code: 0, error_message: 'The embedding server is down' },
      }),
    });
    await startLoad();
    expect(await screen.findByRole('alert')).toHaveTextContent('The embedding server is down');
    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    expect(bar).toHaveAccessibleDescription('The load stopped.');
    expect(bar).not.toHaveClass('is-indeterminate');
    expect(bar).toHaveAttribute('aria-valuenow');
  });
});
