import { maskFields } from '../../../protocol/secrets';
import type { KnowledgeBase, ReadOptions } from '../../domain/knowledge-bases';

/**
 * The fields of a knowledge base that may hold credentials (its model objects' keys, `params`): masked in every
 * answer (REST always; SQL DESCRIBE and SHOW, exports, unless a SQL session asks for secrets). A new field that
 * may carry one is added here.
 */
export const KB_SECRET_FIELDS = [
  'embedding_model',
  'reranking_model',
  'params',
] as const satisfies readonly (keyof KnowledgeBase)[];

/** The one way a knowledge base leaves the service: the secret fields masked, unless `showSecrets`. */
export function presentKb(kb: KnowledgeBase, options: ReadOptions = {}): KnowledgeBase {
  return options.showSecrets ? kb : maskFields(kb, KB_SECRET_FIELDS);
}
