import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { sentModelAsKept, type Change } from '../../components/model-fields/model-draft';
import {
  contentOf,
  DEFAULT_CHUNK_OVERLAP,
  DEFAULT_CHUNK_SIZE,
  draftFromKb,
  kbChanges,
  type KbDraft,
} from './kb-draft';

/** A column name as the server reads it: SQL names are compared without case, and spaces around mean nothing. */
const nameMeaning = (name: string) => name.trim().toLowerCase();

const sameNames = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x, i) => nameMeaning(x) === nameMeaning(b[i]));

/** A chunking number as meant: a blank field is the server's default. */
const numberMeaning = (text: string, fallback: number) => (text.trim() === '' ? fallback : Number(text));

/**
 * The draft that was sent, spelled as the server spells the KB it kept wherever both mean the same: defaults
 * filled in (a blank chunk overlap is 200, a blank id column is `id`, a blank model name the provider's
 * default), names compared as SQL compares them. What differs after this differs in meaning.
 */
function sentAsKept(sent: KbDraft, held: KbDraft): KbDraft {
  const metadata =
    sent.metadata_columns && held.metadata_columns && sameNames(sent.metadata_columns, held.metadata_columns)
      ? held.metadata_columns
      : sent.metadata_columns;
  const idMeaning = (id: string) => nameMeaning(id) || 'id';
  return {
    ...sent,
    embedding: sentModelAsKept(sent.embedding, held.embedding),
    reranking: sent.rerank && held.rerank ? sentModelAsKept(sent.reranking, held.reranking) : sent.reranking,
    content_columns: sameNames(contentOf(sent), held.content_columns)
      ? held.content_columns
      : sent.content_columns,
    metadata_columns: metadata,
    id_column: idMeaning(sent.id_column) === idMeaning(held.id_column) ? held.id_column : sent.id_column,
    chunk_size:
      numberMeaning(sent.chunk_size, DEFAULT_CHUNK_SIZE) ===
      numberMeaning(held.chunk_size, DEFAULT_CHUNK_SIZE)
        ? held.chunk_size
        : sent.chunk_size,
    chunk_overlap:
      numberMeaning(sent.chunk_overlap, DEFAULT_CHUNK_OVERLAP) ===
      numberMeaning(held.chunk_overlap, DEFAULT_CHUNK_OVERLAP)
        ? held.chunk_overlap
        : sent.chunk_overlap,
  };
}

/**
 * What the server kept that differs in meaning from what was sent: the summary of changes between the object
 * read back after a save and the draft that was saved. Key lines are left out (a saved key is never shown, so
 * it cannot be compared). Empty when the server kept everything.
 */
export function kbNotKept(kept: KnowledgeBase, sent: KbDraft): Change[] {
  const asKept = sentAsKept(sent, draftFromKb(kept));
  return kbChanges(kept, {
    ...asKept,
    embedding: { ...asKept.embedding, api_key: '' },
    reranking: { ...asKept.reranking, api_key: '' },
  });
}
