import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable } from '../../testing/fake-fetch';
import { serveKbSearch } from '../../testing/fake-kb-search';
import { renderKbPage } from '../../testing/render-kb-page';

const KB = '/api/projects/mindsdb/knowledge_bases/docs';
const docs = { id: 1, name: 'docs', embedding_model: { provider: 'local' }, content_columns: ['content'] };

const renderAt = renderKbPage;

describe('try a search', () => {
  it('runs the escaped statement and shows ranked chunks with relevance and metadata', async () => {
    const api = serveKbSearch(docs, [
      ['A1', 'A1:content:1of1:0to20', 'Refunds take 5 days.', { author: 'ann', chunk_index: 0 }, 0.25, 0.8],
      ['B2', 'B2:content:1of1:0to12', 'Ship it fast.', { author: 'bob', chunk_index: 0 }, 1.5, 0.4],
    ]);
    const user = userEvent.setup();
    renderAt('search');
    await user.type(await screen.findByRole('searchbox', { name: 'Query' }), "it's a refund \\ question");
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('list', { name: 'Search results' });
    const sent = "SELECT * FROM mindsdb.docs WHERE content = 'it''s a refund \\\\ question' LIMIT 10";
    expect(api.requests.some((r) => (r.body as { query?: string })?.query === sent)).toBe(true);
    expect(screen.getByLabelText('SQL that ran')).toHaveTextContent(sent);
    const first = within(results).getByRole('article', { name: 'Result 1' });
    expect(within(first).getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuenow', '0.8');
    expect(first).toHaveTextContent('Refunds take 5 days.');
    expect(first).toHaveTextContent('authorann');
    expect(first).toHaveTextContent('A1:content:1of1:0to20');
    expect(screen.getByRole('status')).toHaveTextContent(/^2 results in \d+ ms/);
  });

  it('shows the server error and still the statement that was sent', async () => {
    fakeFetch((req) => {
      if (req.path === KB) return { json: docs };
      if (req.path === '/api/files') return { json: [] };
      const query = (req.body as { query?: string } | undefined)?.query ?? '';
      if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
      return { json: { type: 'error', error_code: 0, error_message: "Knowledge base 'docs' is busy" } };
    });
    const user = userEvent.setup();
    renderAt('search');
    await user.type(await screen.findByRole('searchbox', { name: 'Query' }), 'refunds');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Knowledge base 'docs' is busy");
    expect(screen.getByLabelText('SQL that ran')).toHaveTextContent("WHERE content = 'refunds' LIMIT 10");
  });
});

describe('loading data', () => {
  it('maps the table onto the KB, polls progress while the insert runs, and ends at 100 %', async () => {
    let finish: (() => void) | undefined;
    const inserted = new Promise<void>((resolve) => (finish = resolve));
    // No load runs until the INSERT arrives (a running one would be followed as soon as the page opens).
    let state = 'idle';
    const api = fakeFetch(async (req) => {
      if (req.path === KB) return { json: docs };
      if (req.path === '/api/files')
        return { json: [{ name: 'faq', row_count: 4, columns: ['qid', 'text', 'topic'] }] };
      if (req.path === `${KB}/progress`) return { json: { state, rows_done: 1, rows_total: 4 } };
      const query = (req.body as { query?: string } | undefined)?.query ?? '';
      if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
      if (query.startsWith('INSERT INTO')) {
        state = 'running';
        await inserted;
        return { json: { type: 'ok', affected_rows: 4 } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('load');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'files.faq (4 rows)' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Table'), 'faq');
    expect(screen.getByRole('combobox', { name: 'Source of content content' })).toHaveValue('text');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source of id id' }), 'qid');
    await user.click(screen.getByRole('checkbox', { name: 'topic' }));
    await user.click(screen.getByRole('button', { name: 'Load 4 rows' }));

    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(bar).toHaveAccessibleDescription('Embedding rows: 1 of 4 rows (25 %)');
    finish?.();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Loaded 4 rows from files\.faq into docs/);
    const insert = api.requests.find((r) => (r.body as { query?: string })?.query?.startsWith('INSERT'));
    expect((insert?.body as { query: string }).query).toBe(
      'INSERT INTO mindsdb.docs SELECT qid AS id, text AS content FROM files.faq',
    );
  });
});

describe('loading data from a server without a progress route', () => {
  it('shows activity without a value, asks for progress once, and still ends at 100 %', async () => {
    let finish: (() => void) | undefined;
    const inserted = new Promise<void>((resolve) => (finish = resolve));
    const api = fakeFetch(async (req) => {
      if (req.path === KB) return { json: docs };
      if (req.path === '/api/files')
        return { json: [{ name: 'faq', row_count: 2, columns: ['id', 'content'] }] };
      const query = (req.body as { query?: string } | undefined)?.query ?? '';
      if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
      if (query.startsWith('INSERT INTO')) {
        await inserted;
        return { json: { type: 'ok', affected_rows: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('load&table=faq');
    await user.click(await screen.findByRole('button', { name: 'Load 2 rows' }));
    expect(await screen.findByText(/does not report progress/)).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Load progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    await new Promise((r) => setTimeout(r, 900));
    expect(api.sent('GET', `${KB}/progress`)).toHaveLength(1);
    finish?.();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Loaded the rows from files\.faq into docs/);
  });
});
