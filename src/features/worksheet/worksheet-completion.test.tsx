import { currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { treeKeys } from '../../api/tree/keys';
import { fakeFetch } from '../../testing/fake-fetch';
import { fakeTree } from '../../testing/fake-tree';
import { useResultsStore } from './store/results-store';
import { useWorksheetStore } from './store/worksheet-store';
import { WorksheetPage } from './worksheet-page';

// The page fetches the grid's module as soon as it opens. Loaded here first, so that a test ending before
// that import finished does not leave it to run after the test environment is gone (an unhandled error).
beforeAll(async () => {
  await import('./results/result-grid');
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  useWorksheetStore.setState({ sheets: {}, historyOpen: false });
  useResultsStore.setState({ runs: {} });
  fakeFetch(
    fakeTree({ mindsdb: { type: 'project', objects: { docs: 'knowledge_base', desk_agent: 'agent' } } }),
  );
});
/** Types `sql` into the worksheet editor and opens completion at its end; resolves with what it offers. */
async function completionsAfter(sql: string): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WorksheetPage project="mindsdb" />
    </QueryClientProvider>,
  );
  const content = await screen.findByRole('textbox', { name: 'SQL editor' });
  const view = EditorView.findFromDOM(content.closest('.cm-editor') as HTMLElement)!;
  // The object tree reaches the completion source once it has loaded.
  await waitFor(() => expect(client.getQueryData(treeKeys.objects('mindsdb'))).toBeTruthy());
  // As in worksheet-page.test: unfocused, happy-dom sends no selectionchange in the middle of the update.
  view.contentDOM.blur();
  act(() => view.dispatch({ changes: { from: 0, insert: sql }, selection: { anchor: sql.length } }));
  act(() => void startCompletion(view));
  let labels: string[] = [];
  await waitFor(() => {
    labels = currentCompletions(view.state).map((c) => c.label);
    expect(labels.length).toBeGreaterThan(0);
  });
  return labels;
}

it('offers our objects before keywords, and no rare MySQL keyword', async () => {
  const labels = await completionsAfter('SELECT * FROM mindsdb.des');
  expect(labels[0]).toBe('desk_agent');
  expect(labels).not.toContain('DES_KEY_FILE');
});

it('offers the objects of the session database before keywords starting the same', async () => {
  const labels = await completionsAfter('SELECT * FROM d');
  expect(labels.indexOf('docs')).toBeGreaterThanOrEqual(0);
  expect(labels.indexOf('docs')).toBeLessThan(labels.indexOf('DESC'));
  expect(labels).not.toContain('DES_KEY_FILE');
  expect(labels).not.toContain('DELAY_KEY_WRITE');
});
