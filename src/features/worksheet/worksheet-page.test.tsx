import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlContext, SqlResult } from '../../../protocol/api/sql';
import { useSession } from '../../api/session';
import { fakeFetch } from '../../testing/fake-fetch';
import { useHistoryStore } from './store/history-store';
import { useResultsStore } from './store/results-store';
import { useWorksheetStore } from './store/worksheet-store';
import { WorksheetPage } from './worksheet-page';

// The page fetches the grid's module as soon as it opens. Loaded here first, so that a test ending before
// that import finished does not leave it to run after the test environment is gone (an unhandled error).
beforeAll(async () => {
  await import('./results/result-grid');
}, 60_000);

interface SentStatement {
  query: string;
  context?: SqlContext;
}

/** Plays the SQL endpoint: each statement the console sends gets `answer`'s result. */
const answer = vi.fn<(sent: SentStatement, signal: AbortSignal | null | undefined) => Promise<SqlResult>>();
/** While true, the SQL endpoint answers 401 as a server whose login expired does. */
let sessionExpired = false;
/** The statements the console sent, in order. */
const sent = () => answer.mock.calls.map(([statement]) => statement);

beforeEach(() => {
  fakeFetch(async (req) => {
    if (req.method === 'POST' && req.path === '/api/sql/query' && sessionExpired)
      return { status: 401, json: { title: 'Unauthorized' } };
    if (req.method === 'POST' && req.path === '/api/sql/query')
      return { json: await answer(req.body as SentStatement, req.signal) };
    // The object tree feeds completion only; an empty one is enough here.
    if (req.path.startsWith('/api/tree/')) return { json: [] };
    if (req.path === '/api/projects') return { json: [] };
    return undefined;
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WorksheetPage project="mindsdb" />
    </QueryClientProvider>,
  );
}

async function editor(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'SQL editor' });
  return EditorView.findFromDOM(content.closest('.cm-editor') as HTMLElement)!;
}

/** Replaces the text and puts the cursor at `cursor` (default: the end). */
async function write(sql: string, cursor = sql.length) {
  const view = await editor();
  // Unfocused, the editor does not mirror its selection into the DOM, which happy-dom answers with a
  // synchronous selectionchange in the middle of the update (browsers send it later).
  view.contentDOM.blur();
  act(() =>
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: sql },
      selection: { anchor: cursor },
    }),
  );
  return view;
}

const pressRun = (view: EditorView, shift = false) =>
  act(() => {
    fireEvent.keyDown(view.contentDOM, { key: 'Enter', ctrlKey: true, shiftKey: shift });
  });

beforeEach(() => {
  localStorage.clear();
  useWorksheetStore.setState({ sheets: {}, historyOpen: false });
  useResultsStore.setState({ runs: {} });
  useHistoryStore.setState({ entries: [] });
  answer.mockReset();
  sessionExpired = false;
  useSession.setState({ needsLogin: false });
});
describe('WorksheetPage', () => {
  it('runs the statement under the cursor in the session, then keeps the context it returns', async () => {
    answer.mockResolvedValue({ type: 'ok', affected_rows: 2, context: { db: 'sales' } });
    renderPage();
    const view = await write('SELECT 1;\nUSE sales;\nSELECT 3;', 12);
    await pressRun(view);
    expect(await screen.findByText(/2 rows affected/)).toBeInTheDocument();
    expect(answer).toHaveBeenCalledTimes(1);
    expect(sent()[0]).toMatchObject({ query: 'USE sales', context: { db: 'mindsdb' } });
    expect(screen.getByText('sales', { selector: 'code' })).toBeInTheDocument();
    expect(useHistoryStore.getState().entries[0]).toMatchObject({ sql: 'USE sales', outcome: 'ok', rows: 2 });

    await pressRun(view);
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(2));
    expect(sent()[1].context).toEqual({ db: 'sales' });
  });

  it('runs every statement on Shift+Ctrl+Enter, one result tab each, and stops at an error', async () => {
    answer
      .mockResolvedValueOnce({ type: 'ok', affected_rows: null })
      .mockResolvedValueOnce({ type: 'error', error_message: 'no such thing' });
    renderPage();
    const view = await write('CREATE PROJECT a;\nBAD;\nSELECT 3;');
    await pressRun(view, true);
    const tabs = await screen.findAllByRole('tab', { name: /^\d/ });
    expect(tabs).toHaveLength(3);
    await waitFor(() => expect(tabs[2]).toHaveTextContent('skipped'));
    expect(answer).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('no such thing');
  });

  it('marks the error where the server says it is and moves the cursor there', async () => {
    answer.mockResolvedValue({
      type: 'error',
      error_message: 'syntax error at or near "files"',
      error_position: { line: 2, column: 5 },
    });
    renderPage();
    const view = await write('SELECT 1;\nSELECT *\nFRM files.x;', 12);
    await pressRun(view);
    const go = await screen.findByRole('button', { name: 'Go to line 3, column 5' });
    const mark = document.querySelector('.cm-ks-error-mark');
    expect(mark).toHaveTextContent('files');
    expect(mark).toHaveAttribute('title', 'syntax error at or near "files"');
    fireEvent.click(go);
    expect(view.state.selection.main.head).toBe('SELECT 1;\nSELECT *\nFRM '.length);
  });

  it('stops waiting on Stop, says the server may still finish, and runs nothing more', async () => {
    // The server never answers; the console stops waiting when its request is aborted.
    answer.mockImplementation(
      (_, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    renderPage();
    const view = await write('SELECT slow;\nSELECT 2;');
    await pressRun(view, true);
    expect(await screen.findByText(/Running…/)).toBeInTheDocument();
    expect(document.querySelector('[data-running]')).toHaveTextContent('SELECT slow');
    fireEvent.click(screen.getAllByRole('button', { name: /Stop/ })[0]);
    expect(await screen.findByText(/The server may still finish this statement/)).toBeInTheDocument();
    expect(answer).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-running]')).toBeNull();
    expect(useHistoryStore.getState().entries[0].outcome).toBe('stopped');
  });

  it('after a re-login, offers to run again what the expired session refused, without HTTP words', async () => {
    sessionExpired = true;
    answer.mockResolvedValue({ type: 'ok', affected_rows: 1 });
    renderPage();
    const view = await write('INSERT INTO t VALUES (1);\nSELECT 2;');
    await pressRun(view, true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not run: the session had ended');
    expect(alert).toHaveTextContent(/Log in again/);
    expect(alert).not.toHaveTextContent(/Unauthorized/);
    expect(screen.queryByRole('button', { name: 'Run it again' })).toBeNull();

    // The login dialog succeeds: the session works again.
    sessionExpired = false;
    act(() => useSession.getState().loggedIn(null));
    fireEvent.click(await screen.findByRole('button', { name: 'Run it again' }));
    await waitFor(() => expect(answer).toHaveBeenCalledTimes(2));
    expect(sent().map((s) => s.query)).toEqual(['INSERT INTO t VALUES (1)', 'SELECT 2']);
    expect(await screen.findAllByText(/1 row affected/)).not.toHaveLength(0);
    expect(screen.queryByText(/session had ended/)).toBeNull();
  });

  it('asks before a DROP and sends nothing when cancelled', async () => {
    renderPage();
    const view = await write('DROP KNOWLEDGE_BASE kb');
    await pressRun(view);
    const dialog = await screen.findByRole('dialog', { name: 'Run this DROP?' });
    expect(dialog).toHaveTextContent('DROP KNOWLEDGE_BASE kb');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answer).not.toHaveBeenCalled();
  });

  it('says so when there is nothing to run', async () => {
    renderPage();
    const view = await write('-- just a comment');
    await pressRun(view);
    expect(await screen.findByText('Nothing to run: write a statement first.')).toBeInTheDocument();
    expect(answer).not.toHaveBeenCalled();
  });

  it('saves every change of the text as the draft', async () => {
    renderPage();
    const view = await editor();
    act(() => view.dispatch({ changes: { from: 0, insert: 'S' } }));
    act(() => view.dispatch({ changes: { from: 1, insert: 'H' } }));
    const saved = JSON.parse(localStorage.getItem('ks.worksheet') ?? '{}');
    expect(saved.state.sheets.mindsdb.tabs[0].sql).toBe('SH');
  });
});
