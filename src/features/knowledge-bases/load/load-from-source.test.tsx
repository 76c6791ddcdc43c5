import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable } from '../../../testing/fake-fetch';
import { renderKbPage } from '../../../testing/render-kb-page';
import { useLoadJobs } from './load-store';

afterEach(() => {
  useLoadJobs.setState({ jobs: {} });
});

const KB = '/api/projects/mindsdb/knowledge_bases/docs';
const docs = { id: 1, name: 'docs', embedding_model: { provider: 'local' }, content_columns: ['content'] };

describe('loading a KB from a data source', () => {
  it("offers the source's tables by schema, reads the columns there and loads the schema-qualified table", async () => {
    const api = fakeFetch(async (req) => {
      if (req.path === KB) return { json: docs };
      if (req.path === '/api/files') return { json: [] };
      if (req.path === '/api/tree/')
        return { json: [{ name: 'shop', class: 'db', type: 'data', engine: 'postgres' }] };
      if (req.path === '/api/tree/shop') {
        return {
          json: [
            { name: 'public', class: 'schema', children: [{ name: 'orders', class: 'table' }] },
            { name: 'sales', class: 'schema', children: [{ name: 'leads', class: 'table' }] },
          ],
        };
      }
      const query = (req.body as { query?: string } | undefined)?.query ?? '';
      if (query === 'SELECT * FROM shop.sales.leads LIMIT 0') return sqlTable(['id', 'content'], []);
      if (query.startsWith('SELECT id FROM')) return sqlTable(['id'], []);
      if (query.startsWith('INSERT INTO')) return { json: { type: 'ok', affected_rows: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderKbPage('load');
    const option = await screen.findByRole('option', { name: 'shop.sales.leads' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Table'), option);
    await user.click(await screen.findByRole('button', { name: 'Load rows' }));
    expect(await screen.findByText(/Loaded 2 rows from shop\.sales\.leads into docs/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.requests.map((r) => (r.body as { query?: string })?.query).filter((q) => q?.startsWith('INSERT')),
      ).toEqual([
        expect.stringMatching(/^INSERT INTO mindsdb\.docs SELECT .*\bcontent\b.* FROM shop\.sales\.leads$/),
      ]),
    );
  });
});
