import { describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { createInput, draftFromKb, emptyDraft, kbChanges, updateInput, validateDraft } from './kb-draft';

const kb: KnowledgeBase = {
  id: 1,
  name: 'docs',
  embedding_model: { provider: 'openai', model_name: 'text-embedding-3-small', api_key: '******' },
  reranking_model: null,
  content_columns: ['body'],
  metadata_columns: ['author'],
  id_column: 'doc_id',
  params: { preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 50 } } },
};

describe('KB drafts', () => {
  it('reads a KB, including chunking kept under params', () => {
    const draft = draftFromKb(kb);
    expect(draft).toMatchObject({
      name: 'docs',
      rerank: false,
      content_columns: ['body'],
      id_column: 'doc_id',
      chunk_size: '500',
      chunk_overlap: '50',
    });
    expect(draft.embedding.api_key).toBe('');
  });

  it('sends nothing for an untouched draft and the whole model under params when the key was retyped', () => {
    const draft = draftFromKb(kb);
    expect(updateInput(kb, draft)).toEqual({});
    expect(kbChanges(kb, draft)).toEqual([]);
    const keyed = { ...draft, embedding: { ...draft.embedding, api_key: 'sk-new' } };
    expect(updateInput(kb, keyed)).toEqual({
      params: {
        embedding_model: { provider: 'openai', model_name: 'text-embedding-3-small', api_key: 'sk-new' },
      },
    });
    expect(kbChanges(kb, keyed)).toEqual([
      { label: 'Embedding model API key', from: 'saved key', to: 'new key (hidden)' },
    ]);
  });

  it('turns reranking on and off', () => {
    const on = { ...draftFromKb(kb), rerank: true };
    expect(updateInput(kb, on)).toEqual({ params: { reranking_model: { provider: 'local' } } });
    const withReranker = { ...kb, reranking_model: { provider: 'local', model_name: 'lexical-overlap-v1' } };
    expect(updateInput(withReranker, { ...draftFromKb(withReranker), rerank: false })).toEqual({
      params: { reranking_model: false },
    });
    expect(kbChanges(withReranker, { ...draftFromKb(withReranker), rerank: false })).toEqual([
      { label: 'Reranking model', from: 'local · lexical-overlap-v1', to: 'none' },
    ]);
  });

  it('sends changed columns and both chunking numbers, defaults for cleared ones', () => {
    const draft = { ...draftFromKb(kb), metadata_columns: ['author', 'year'], chunk_overlap: '' };
    expect(updateInput(kb, draft)).toEqual({
      params: { metadata_columns: ['author', 'year'] },
      preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 200 } },
    });
    expect(kbChanges(kb, draft).map((c) => `${c.label}: ${c.from} → ${c.to}`)).toEqual([
      'Metadata columns: author → author, year',
      'Chunk overlap: 50 → 200 (default)',
    ]);
  });

  it('leaves defaults out of a create', () => {
    expect(updateInput(kb, { ...draftFromKb(kb), metadata_columns: null, content_columns: [] })).toEqual({
      params: { metadata_columns: null, content_columns: ['content'] },
    });
    expect(createInput({ ...emptyDraft(), name: 'kb1' })).toEqual({
      name: 'kb1',
      embedding_model: { provider: 'local' },
      content_columns: ['content'],
      id_column: 'id',
    });
  });

  it('checks the name and the chunking before asking the server', () => {
    expect(validateDraft({ ...emptyDraft(), name: '' }, true)).toEqual({
      name: 'Give the knowledge base a name.',
    });
    expect(validateDraft({ ...emptyDraft(), name: '1kb' }, true).name).toMatch(/letters/);
    expect(validateDraft({ ...emptyDraft(), name: 'kb', chunk_size: '0' }, true)).toHaveProperty([
      'preprocessing.text_chunking_config.chunk_size',
    ]);
    expect(
      validateDraft({ ...emptyDraft(), name: 'kb', chunk_size: '100', chunk_overlap: '100' }, true),
    ).toEqual({
      'preprocessing.text_chunking_config.chunk_overlap': 'The overlap must be smaller than the chunk size.',
    });
    expect(validateDraft({ ...emptyDraft(), name: '' }, false)).toEqual({});
  });

  it('reads settings MindsDB keeps under params', () => {
    const underParams: KnowledgeBase = {
      id: 2,
      name: 'p',
      params: { content_columns: ['review'], id_column: 'rid', metadata_columns: ['stars'] },
    };
    expect(draftFromKb(underParams)).toMatchObject({
      content_columns: ['review'],
      id_column: 'rid',
      metadata_columns: ['stars'],
    });
  });
});
