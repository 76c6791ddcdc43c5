import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable, type FakeRequest } from '../../testing/fake-fetch';
import { KnowledgeBaseListPage } from './kb-list-page';
import { KnowledgeBasePage } from './kb-page';
import { renderRoutes } from '../../testing/render-routes';
import { formatMoment } from '../../components/format';

const KB_PATH = '/api/projects/mindsdb/knowledge_bases/docs';
const saved = {
  id: 1,
  name: 'docs',
  project_id: 1,
  embedding_model: { provider: 'openai', model_name: 'text-embedding-3-small', api_key: '******' },
  reranking_model: null,
  content_columns: ['content'],
  metadata_columns: [],
  id_column: 'id',
  params: {},
  updated_at: '2026-01-02 03:04:05.000000',
};

function server(
  opts: {
    vectors?: boolean;
    put?: (req: FakeRequest) => { status?: number; json?: unknown; text?: string };
  } = {},
) {
  let current: Record<string, unknown> = { ...saved };
  return fakeFetch((req) => {
    if (req.path === KB_PATH && req.method === 'GET') return { json: current };
    if (req.path === KB_PATH && req.method === 'PUT') {
      const answer = opts.put?.(req);
      if (answer && (answer.status ?? 200) >= 400) return answer;
      // Settings are read at the top and under params, as our server reads them.
      const { params, ...top } = (req.body as { knowledge_base: Record<string, unknown> }).knowledge_base;
      current = {
        ...current,
        ...(params as Record<string, unknown> | undefined),
        ...top,
        embedding_model: saved.embedding_model,
        updated_at: '2026-01-02 05:06:07.000000',
      };
      return answer ?? { json: current };
    }
    if (req.path === '/api/sql/query') return sqlTable(['id'], opts.vectors ? [['a']] : []);
    if (req.path === '/api/projects/mindsdb/agents') return { json: [] };
    if (req.path === '/api/files') return { json: [] };
    return undefined;
  });
}

const renderKb = () =>
  renderRoutes(
    [
      {
        path: '/projects/:project/knowledge-bases/:kb',
        element: <KnowledgeBasePage project="mindsdb" name="docs" />,
      },
      { path: '/projects/:project/knowledge-bases', element: <KnowledgeBaseListPage project="mindsdb" /> },
    ],
    '/projects/mindsdb/knowledge-bases/docs',
  );

const embedding = () => screen.getByRole('group', { name: 'Embedding model' });

describe('knowledge base settings', () => {
  it('never shows the saved key, sends a retyped key alone after a review, and shows what was saved', async () => {
    const api = server();
    const user = userEvent.setup();
    renderKb();
    const key = await within(await waitFor(embedding)).findByLabelText('API key');
    expect(key).toHaveValue('');
    expect(
      screen.getByText('A key is saved and never shown. Type a new one to replace it.'),
    ).toBeInTheDocument();

    await user.type(key, 'sk-new-key');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save changes to docs?' });
    expect(within(dialog).getByRole('rowheader', { name: 'Embedding model API key' })).toBeInTheDocument();
    expect(within(dialog).getByText('new key (hidden)')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('sk-new-key');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(`Saved at ${formatMoment('2026-01-02 05:06:07')}.`, { exact: false });
    expect(api.sent('PUT', KB_PATH)[0].body).toEqual({
      knowledge_base: {
        params: {
          embedding_model: {
            provider: 'openai',
            model_name: 'text-embedding-3-small',
            api_key: 'sk-new-key',
          },
        },
      },
    });
    expect(within(embedding()).getByLabelText('API key')).toHaveValue('');
    expect(screen.getByText(/"api_key": "\*\*\*\*\*\*"/)).toBeInTheDocument();
  });

  it('locks provider and model, with the reason, once the KB holds vectors', async () => {
    server({ vectors: true });
    renderKb();
    const group = await waitFor(embedding);
    await waitFor(() => expect(within(group).getByLabelText('Provider')).toBeDisabled());
    expect(within(group).getByLabelText('Model name')).toHaveAttribute('readonly');
    expect(within(group).getByRole('note')).toHaveTextContent(
      /holds vectors made by openai · text-embedding-3-small/,
    );
    expect(within(group).getByLabelText('API key')).toBeEnabled();
  });

  it('shows a server validation error beside the field it names', async () => {
    server({
      put: () => ({
        status: 400,
        json: {
          title: 'Bad Request',
          detail: 'chunk_size must be at most 8000',
          field: 'knowledge_base.preprocessing.text_chunking_config.chunk_size',
        },
      }),
    });
    const user = userEvent.setup();
    renderKb();
    const size = await screen.findByLabelText('Chunk size');
    await user.type(size, '9000');
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const error = await screen.findByText('chunk_size must be at most 8000');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(size).toHaveAttribute('aria-describedby', error.id);
    expect(screen.queryByText(/Could not save/)).not.toBeInTheDocument();
  });

  it('refetches the KB when the server answers the PUT with an empty body', async () => {
    const api = server({ put: () => ({ text: '""' }) });
    const user = userEvent.setup();
    renderKb();
    await user.click(await screen.findByLabelText('Rerank search results'));
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved at/);
    expect(api.sent('PUT', KB_PATH)[0].body).toEqual({
      knowledge_base: { params: { reranking_model: { provider: 'local' } } },
    });
    expect(api.sent('GET', KB_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('checks chunking before sending anything', async () => {
    const api = server();
    const user = userEvent.setup();
    renderKb();
    await user.type(await screen.findByLabelText('Chunk size'), '100');
    await user.type(screen.getByLabelText('Chunk overlap'), '100');
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    expect(screen.getByText('The overlap must be smaller than the chunk size.')).toBeInTheDocument();
    expect(screen.getByLabelText('Chunk overlap')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('PUT', KB_PATH)).toHaveLength(0);
  });
});
