import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveKbSearch } from '../../../testing/fake-kb-search';
import { renderKbPage } from '../../../testing/render-kb-page';
import { useRecentSearches } from './recent-searches';

afterEach(() => {
  localStorage.clear();
  useRecentSearches.setState({ byKb: {} });
});

const docs = {
  id: 1,
  name: 'docs',
  embedding_model: { provider: 'local' },
  content_columns: ['content'],
  metadata_columns: ['author', 'stars'],
};

const serve = () =>
  serveKbSearch(docs, [
    ['A1', 'A1:content:1of1:0to20', 'Refunds take 5 days.', { author: 'ann' }, 0.25, 0.8],
  ]);

const renderSearch = () => renderKbPage('search');

/** Opens the search tab on the fake server and types a query (not sent yet). */
async function typeQuery(query: string) {
  const api = serve();
  const user = userEvent.setup();
  renderSearch();
  await user.type(await screen.findByRole('searchbox', { name: 'Query' }), query);
  return { api, user };
}

const sentQueries = (api: ReturnType<typeof serve>) =>
  api.requests
    .map((r) => (r.body as { query?: string } | undefined)?.query ?? '')
    .filter((q) => q.startsWith('SELECT * FROM'));

describe('try a search: mode, alpha, threshold, filters, recent searches', () => {
  it('sends the chosen mode, alpha, threshold and filters, and keeps the search to run again after a reload', async () => {
    const { api, user } = await typeQuery('refunds');
    await user.click(screen.getByRole('radio', { name: 'Hybrid' }));
    fireEvent.change(screen.getByLabelText(/^Alpha/), { target: { value: '0.7' } });
    fireEvent.change(screen.getByLabelText('Minimum relevance'), { target: { value: '0.3' } });
    await user.click(screen.getByRole('button', { name: 'Add a filter' }));
    const filter = screen.getByRole('group', { name: 'Filter 1' });
    expect(within(filter).getByLabelText('Metadata column')).toHaveValue('author');
    await user.type(within(filter).getByLabelText('Value'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('list', { name: 'Search results' });
    const expected =
      "SELECT * FROM mindsdb.docs WHERE content = 'refunds' AND hybrid_search = true AND hybrid_search_alpha = 0.7 AND relevance >= 0.3 AND author = 'ann' LIMIT 10";
    expect(sentQueries(api)).toEqual([expected]);

    // A reload: the page starts over, the search is kept in the browser.
    cleanup();
    await useRecentSearches.persist.rehydrate();
    renderSearch();
    await user.click(await screen.findByText('Recent searches (1)'));
    const recent = screen.getByRole('list', { name: 'Recent searches' });
    const entry = within(recent).getByRole('button', { name: /refunds/ });
    expect(entry).toHaveTextContent('hybrid 0.7 · relevance ≥ 0.3 · author = ann · 10 results');
    await user.click(entry);
    await screen.findByRole('list', { name: 'Search results' });
    expect(sentQueries(api)).toEqual([expected, expected]);
    expect(screen.getByRole('radio', { name: 'Hybrid' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Query' })).toHaveValue('refunds');
  });

  it('keyword mode ranks by exact words only (alpha 0); semantic turns hybrid off', async () => {
    const { api, user } = await typeQuery('q');
    await user.click(screen.getByRole('radio', { name: 'Keyword' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('list', { name: 'Search results' });
    await user.click(screen.getByRole('radio', { name: 'Semantic' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(sentQueries(api)).toHaveLength(2));
    expect(sentQueries(api)).toEqual([
      "SELECT * FROM mindsdb.docs WHERE content = 'q' AND hybrid_search = true AND hybrid_search_alpha = 0 LIMIT 10",
      "SELECT * FROM mindsdb.docs WHERE content = 'q' AND hybrid_search = false LIMIT 10",
    ]);
  });
});
