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

/** MindsDB v26's answer to INSERT INTO kb SELECT: the record of a query it runs in the background. */
const backgroundRecord = (id: number) =>
  sqlTable(
    [
      'ID',
      'SQL',
      'DATABASE',
      'STARTED_AT',
      'FINISHED_AT',
      'PARAMETERS',
      'CONTEXT',
      'PROCESSED_ROWS',
      'ERROR',
      'UPDATED_AT',
    ],
    [[id, 'INSERT INTO ...', 'mindsdb', null, null, {}, {}, 0, null, '2026-01-01 00:00:00']],
  );

/** DESCRIBE KNOWLEDGE_BASE's insert columns (the others are not read by the load). */
const described = (
  queryId: number | null,
  finished: string | null,
  rows: number | null,
  error: string | null,
) =>
  sqlTable(
    ['NAME', 'INSERT_STARTED_AT', 'INSERT_FINISHED_AT', 'PROCESSED_ROWS', 'ERROR', 'QUERY_ID'],
    [['docs', '2026-01-01 00:00:01', finished, rows, error, queryId]],
  );

describe('a load the server runs in the background (MindsDB v26, and ours)', () => {
  /**
   * A server answering the INSERT at once with its record and DESCRIBE with `report()`; with `ours`, also the
   * progress route (running once the insert was sent) and the cancel route.
   */
  function serveBackground(report: (cancelled: boolean) => FakeResponse, ours = false) {
    const state = { sent: false, cancelled: false };
    const api = fakeFetch(async (req) => {
      if (req.path === KB) return { json: docs };
      if (req.path === '/api/files')
        return { json: [{ name: 'faq', row_count: 400, columns: ['id', 'content'] }] };
      if (req.path === '/api/tree/') return { json: [] };
      if (!ours && req.path.startsWith(`${KB}/`)) return { status: 404, json: { title: 'Not Found' } };
      if (req.path === `${KB}/progress`) {
        const progress = { state: 'running', rows_done: 100, rows_total: 400, error: null };
        return { json: state.sent ? progress : { ...progress, state: 'idle', rows_done: 0 } };
      }
      if (req.path === `${KB}/cancel_insert`) {
        state.cancelled = true;
        return { json: { cancelled: true } };
      }
      const query = (req.body as { query?: string } | undefined)?.query ?? '';
      if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
      if (query.startsWith('INSERT INTO')) {
        state.sent = true;
        return backgroundRecord(7);
      }
      if (query.startsWith('DESCRIBE KNOWLEDGE_BASE')) return report(state.cancelled);
      return undefined;
    });
    return api;
  }

  it('follows DESCRIBE until its query ends, then shows the rows processed', async () => {
    let asked = 0;
    // A previous insert first, then this one running, then ended.
    const api = serveBackground(() => {
      asked++;
      if (asked === 1) return described(6, '2025-12-31 00:00:00', 9, null);
      if (asked === 2) return described(7, null, 200, null);
      return described(7, '2026-01-01 00:00:05', 400, null);
    });
    await startLoad();
    expect(
      await screen.findByText(/^Loaded 400 rows from files\.faq into docs/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(insertRequest(api.requests)?.body).toMatchObject({ keep_running: true });
  }, 20_000);

  it('shows the error DESCRIBE reports for its query', async () => {
    serveBackground(() => described(7, null, 50, 'The embedding server is down'));
    await startLoad();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The embedding server is down',
    );
  });

  it('on our server, Cancel stops it on the cancel route and the load reads as cancelled', async () => {
    const api = serveBackground(
      (cancelled) => (cancelled ? described(7, null, 100, CANCELLED) : described(7, null, 100, null)),
      true,
    );
    const user = await startLoad();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Load progress' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(
      await screen.findByText(/^The load from files\.faq was cancelled/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === `${KB}/cancel_insert`)).toBe(true);
  }, 20_000);
});
