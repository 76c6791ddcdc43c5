import { describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { draftFromKb } from './kb-draft';
import { kbNotKept } from './kb-read-back';

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

const lines = (changes: { label: string; from: string; to: string }[]) =>
  changes.map((c) => `${c.label}: ${c.from} → ${c.to}`);

describe('kbNotKept', () => {
  it('names what the server did not keep', () => {
    const draft = { ...draftFromKb(kb), metadata_columns: ['author', 'year'] };
    expect(kbNotKept({ ...kb, metadata_columns: ['author', 'year'] }, draft)).toEqual([]);
    expect(lines(kbNotKept(kb, draft))).toEqual(['Metadata columns: author → author, year']);
  });

  it('reads defaults the server filled in as kept: a blank chunk number, model name or id column', () => {
    const fresh: KnowledgeBase = { id: 2, name: 'fresh', embedding_model: { provider: 'local' } };
    const sent = {
      ...draftFromKb(fresh),
      chunk_size: '500',
      rerank: true,
      reranking: { provider: 'local', model_name: '', base_url: '', api_key: '' },
    };
    // As our server answers: the local reranker's default model named, both chunking numbers written down.
    const kept: KnowledgeBase = {
      ...fresh,
      embedding_model: { provider: 'local', model_name: 'lexical-hash-v1' },
      reranking_model: { provider: 'local', model_name: 'lexical-overlap-v1' },
      id_column: 'id',
      params: { preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 200 } } },
    };
    expect(kbNotKept(kept, sent)).toEqual([]);
    // A default other than the one the form means is not the same setting.
    const otherOverlap: KnowledgeBase = {
      ...kept,
      params: { preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 100 } } },
    };
    expect(lines(kbNotKept(otherOverlap, sent))).toEqual(['Chunk overlap: 100 → 200 (default)']);
  });

  it('compares names as the server reads them: provider and column names in any case, URLs without a trailing slash', () => {
    const withUrl: KnowledgeBase = {
      ...kb,
      embedding_model: { ...kb.embedding_model, base_url: 'https://models.example/v1' },
    };
    const sent = {
      ...draftFromKb(withUrl),
      embedding: {
        provider: 'OpenAI',
        model_name: 'text-embedding-3-small',
        base_url: 'https://Models.example/v1/',
        api_key: '',
      },
      content_columns: ['Body'],
      metadata_columns: ['AUTHOR'],
      id_column: 'Doc_Id',
    };
    expect(kbNotKept(withUrl, sent)).toEqual([]);
    const elsewhere = { ...sent, embedding: { ...sent.embedding, base_url: 'https://other.example/v1' } };
    expect(lines(kbNotKept(withUrl, elsewhere))).toEqual([
      'Embedding model base URL: https://models.example/v1 → https://other.example/v1',
    ]);
  });

  it('still names a reranker the server dropped, and a model it replaced', () => {
    const sent = {
      ...draftFromKb(kb),
      rerank: true,
      reranking: { provider: 'local', model_name: '', base_url: '', api_key: '' },
    };
    expect(lines(kbNotKept(kb, sent))).toEqual(['Reranking model: none → local']);
    const renamed = { ...draftFromKb(kb), embedding: { ...draftFromKb(kb).embedding, model_name: 'big' } };
    expect(lines(kbNotKept(kb, renamed))).toEqual([
      'Embedding model: openai · text-embedding-3-small → openai · big',
    ]);
  });
});
