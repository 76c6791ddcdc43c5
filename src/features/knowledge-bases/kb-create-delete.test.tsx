import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable } from '../../testing/fake-fetch';
import { CreateKnowledgeBasePage } from './kb-create-page';
import { KnowledgeBaseListPage } from './kb-list-page';
import { KnowledgeBasePage } from './kb-page';
import { renderRoutes } from '../../testing/render-routes';

function Kb() {
  return <KnowledgeBasePage project="mindsdb" name="docs" />;
}

const routes = [
  { path: '/projects/:project/knowledge-bases', element: <KnowledgeBaseListPage project="mindsdb" /> },
  {
    path: '/projects/:project/knowledge-bases/-/new',
    element: <CreateKnowledgeBasePage project="mindsdb" />,
  },
  { path: '/projects/:project/knowledge-bases/:kb', element: <Kb /> },
];

const docs = { id: 1, name: 'docs', embedding_model: { provider: 'local' }, content_columns: ['content'] };

describe('creating a knowledge base', () => {
  it('checks the name, sends only what was set, and opens the load tab of the new KB', async () => {
    const api = fakeFetch((req) => {
      if (req.path === '/api/files')
        return { json: [{ name: 'reviews', row_count: 2, columns: ['id', 'product', 'review', 'stars'] }] };
      if (req.path === '/api/projects/mindsdb/knowledge_bases' && req.method === 'POST')
        return { status: 201, json: { ...docs, ...(req.body as { knowledge_base: object }).knowledge_base } };
      if (req.path === '/api/projects/mindsdb/knowledge_bases/docs') return { json: docs };
      if (req.path === '/api/sql/query' && String((req.body as { query: string }).query).includes('reviews'))
        return sqlTable(
          ['id', 'product', 'review', 'stars'],
          [
            [1, 'Kettle', 'Boils fast; the lid closes well and the handle stays cool.', 5],
            [2, 'Toaster', 'Browns unevenly on the left, fine for the price.', 3],
          ],
        );
      if (req.path === '/api/sql/query') return sqlTable(['id'], []);
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/projects/mindsdb/knowledge-bases/-/new');
    await user.click(screen.getByRole('button', { name: 'Create knowledge base' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/Letters, digits/);
    expect(screen.getByText('Give the knowledge base a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.type(screen.getByLabelText('Name'), 'docs');
    await waitFor(() => expect(screen.getByRole('option', { name: /^files\.reviews/ })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Shape after a table (optional)'), 'reviews');
    // The guess is shown for confirmation: the longest text is the content, not the product name.
    const guess = await screen.findByRole('region', { name: 'Suggested columns' });
    expect(within(guess).getByText('Content').nextElementSibling).toHaveTextContent(
      /^review \(the longest text/,
    );
    expect(screen.getByLabelText('ID column')).toHaveValue('id');
    await user.click(within(guess).getByRole('button', { name: 'Use these columns' }));
    expect(screen.queryByRole('region', { name: 'Suggested columns' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create knowledge base' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/projects/mindsdb/knowledge-bases/docs'),
    );
    expect(router.state.location.search).toBe('?tab=load&table=reviews');
    expect(api.sent('POST', '/api/projects/mindsdb/knowledge_bases')[0].body).toEqual({
      knowledge_base: {
        name: 'docs',
        embedding_model: { provider: 'local' },
        content_columns: ['review'],
        metadata_columns: ['product', 'stars'],
        id_column: 'id',
      },
    });
    expect(await screen.findByRole('tab', { name: 'Load data', selected: true })).toBeInTheDocument();
  });

  it('puts a name conflict beside the name', async () => {
    fakeFetch((req) => {
      if (req.path === '/api/files') return { json: [] };
      if (req.method === 'POST')
        return {
          status: 409,
          json: { title: 'Conflict', detail: "Knowledge base 'docs' already exists", field: 'name' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/projects/mindsdb/knowledge-bases/-/new');
    await user.type(screen.getByLabelText('Name'), 'docs');
    await user.click(screen.getByRole('button', { name: 'Create knowledge base' }));
    expect(await screen.findByText("Knowledge base 'docs' already exists")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('deleting a knowledge base', () => {
  it('says which agents use it, waits for the typed name, and accepts a 204', async () => {
    const api = fakeFetch((req) => {
      if (req.path === '/api/projects/mindsdb/knowledge_bases/docs' && req.method === 'DELETE')
        return { status: 204 };
      if (req.path === '/api/projects/mindsdb/knowledge_bases/docs') return { json: docs };
      if (req.path === '/api/projects/mindsdb/knowledge_bases') return { json: [] };
      if (req.path === '/api/projects/mindsdb/agents')
        return {
          json: [
            { id: 1, name: 'support', data: { knowledge_bases: ['mindsdb.*'] } },
            { id: 2, name: 'sales', data: { knowledge_bases: ['mindsdb.other'] } },
          ],
        };
      if (req.path === '/api/sql/query') return sqlTable(['id'], []);
      if (req.path === '/api/files') return { json: [] };
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/projects/mindsdb/knowledge-bases/docs');
    // Unsaved edits in the settings must not hold the page once the KB is gone.
    await user.type(await screen.findByLabelText('Chunk size'), '700');
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete knowledge base docs?' });
    const uses = await within(dialog).findByRole('note', { name: 'Agents that use this knowledge base' });
    expect(uses).toHaveTextContent('One agent uses it');
    expect(uses).toHaveTextContent('support through mindsdb.*');
    expect(uses).not.toHaveTextContent('sales');

    const confirm = within(dialog).getByRole('button', { name: 'Delete knowledge base' });
    await user.type(within(dialog).getByLabelText(/to confirm/), 'doc');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/to confirm/), 's');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/mindsdb/knowledge-bases'));
    expect(api.sent('DELETE', '/api/projects/mindsdb/knowledge_bases/docs')).toHaveLength(1);
    expect(await screen.findByText('No knowledge bases in mindsdb yet')).toBeInTheDocument();
  });
});
