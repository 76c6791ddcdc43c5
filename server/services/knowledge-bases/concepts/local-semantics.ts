import type { StoredChunk } from '../../../engines/vector-store';
import { scaleToBest } from '../fusion';
import { conceptSimilarity, type ConceptModel } from './concept-model';
import { proximity } from './proximity';

/**
 * Share of the semantic side that is the closeness of query and chunk in the concept space; the rest is how
 * closely the chunk uses the query's words together. Chosen on the public test collections
 * (docs/local-models.md), the same for every knowledge base.
 */
const CONCEPT_SHARE = 2 / 3;

/**
 * The semantic side of a hybrid search in a KB with the `local` embedding, once its concept model is learned:
 * what the keyword side cannot see. Closeness in the KB's concept space (texts on one topic in other words) and
 * the proximity of the query's words in the chunk (which BM25 counts one by one, wherever they stand; the
 * hashed embedding's word pairs are the same idea, blurred). Each is scaled to its best candidate.
 * Null when the model knows none of the query's words: then the embedding's similarity stands.
 */
export function localSemantics(
  model: ConceptModel,
  query: string,
): ((chunks: readonly StoredChunk[]) => number[]) | null {
  const placed = model.place(query);
  if (!placed) return null;
  const terms = model.termsOf(query);
  const weight = (t: string) => model.idfOf(t);
  return (chunks) => {
    const concept = scaleToBest(chunks.map((c) => conceptSimilarity(placed, model.placeChunk(c.content))));
    const near = scaleToBest(chunks.map((c) => proximity(terms, model.wordsOf(c.content), weight)));
    return concept.map((v, i) => CONCEPT_SHARE * v + (1 - CONCEPT_SHARE) * near[i]);
  };
}
