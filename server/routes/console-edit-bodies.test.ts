import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

/**
 * The bodies the console sends on edits, shaped so that MindsDB reads them too (settings under
 * `knowledge_base.params`, whole model and data objects, a cleared prompt as `params.prompt_template: null`):
 * our server must keep exactly what they say.
 */
const t = useTestApp();

const kbUrl = (kb = '') => `/api/projects/mindsdb/knowledge_bases${kb ? `/${kb}` : ''}`;
const agentUrl = (a = '') => `/api/projects/mindsdb/agents${a ? `/${a}` : ''}`;

describe('console edit bodies on our server', () => {
  it('KB settings under params are kept; a whole model with the masked key keeps the saved key', async () => {
    const created = await t.inject({
      method: 'POST',
      url: kbUrl(),
      payload: {
        knowledge_base: {
          name: 'edit_kb',
          embedding_model: { provider: 'local' },
          reranking_model: { provider: 'openai', model_name: 'judge', api_key: 'sk-first' },
          metadata_columns: ['author'],
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const put = await t.inject({
      method: 'PUT',
      url: kbUrl('edit_kb'),
      payload: {
        knowledge_base: {
          params: {
            reranking_model: { provider: 'openai', model_name: 'judge-2', api_key: '******' },
            metadata_columns: null,
            content_columns: ['body'],
            id_column: 'doc_id',
          },
          preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 50 } },
        },
      },
    });
    expect(put.statusCode).toBe(200);
    const kb = (await t.inject({ url: kbUrl('edit_kb') })).json();
    expect(kb).toMatchObject({
      reranking_model: { provider: 'openai', model_name: 'judge-2', api_key: '******' },
      metadata_columns: null,
      content_columns: ['body'],
      id_column: 'doc_id',
    });
    const secret = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: 'DESCRIBE KNOWLEDGE_BASE edit_kb', context: { db: 'mindsdb', show_secrets: true } },
    });
    expect(secret.body).toContain('sk-first');
  });

  it('agent: whole model and data are kept, a null prompt param clears the prompt', async () => {
    await t.inject({
      method: 'POST',
      url: agentUrl(),
      payload: {
        agent: { name: 'edit_agent', prompt_template: 'Be kind', data: { knowledge_bases: ['mindsdb.*'] } },
      },
    });
    const put = await t.inject({
      method: 'PUT',
      url: agentUrl('edit_agent'),
      payload: {
        agent: {
          data: { knowledge_bases: ['mindsdb.*'], tables: [] },
          params: { prompt_template: null },
        },
      },
    });
    expect(put.statusCode).toBe(200);
    const agent = (await t.inject({ url: agentUrl('edit_agent') })).json();
    expect(agent.data).toEqual({ knowledge_bases: ['mindsdb.*'], tables: [] });
    expect(agent.prompt_template ?? '').toBe('');
  });
});
