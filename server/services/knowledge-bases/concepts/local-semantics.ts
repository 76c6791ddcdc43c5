import type { StoredChunk } from '../../../engines/vector-store';
import { scaleToBest } from '../fusion';
import { conceptSimilarity, type ConceptModel } from './concept-model';
import { proximity } from './proximity';

/**
 * Share of the semantic side that is the closeness of query and chunk in the concept space; the rest is how
 * closely the chunk uses the query's words together. Chosen on the public test collections
 * (docs/local-models.md), the same for every knowledge base.
 */
const CONCEPT_SHARE = 0.8;
/** The keyword side's best candidates the query's place is moved toward (pseudo-relevance feedback). */
const FEEDBACK_CHUNKS = 5;
/** How far: the query's own place counts 1, the feedback chunks' centroid this much. */
const FEEDBACK_WEIGHT = 2;

/**
 * The semantic side of a hybrid search in a KB with the `local` embedding, once its concept model is learned:
 * what the keyword side cannot see. Closeness in the KB's concept space (texts on one topic in other words) and
 * the proximity of the query's words in the chunk (which BM25 counts one by one, wherever they stand; the
 * hashed embedding's word pairs are the same idea, blurred). Each is scaled to its best candidate.
 * Null when the model knows none of the query's words: then the embedding's similarity stands.
 *
 * The query is placed in the concept space with pseudo-relevance feedback: a query of a few words places
 * poorly (a word of two topics lands between them), and the chunks the keyword side ranks best show which
 * topic is meant, so the query's place moves toward their centroid (Rocchio's rule, in the concept space).
 */
export function localSemantics(
  model: ConceptModel,
  query: string,
): ((chunks: readonly StoredChunk[], keywordScores: readonly number[]) => number[]) | null {
  const placed = model.place(query);
  if (!placed) return null;
  const terms = model.termsOf(query);
  const weight = (t: string) => model.idfOf(t);
  return (chunks, keywordScores) => {
    const places = chunks.map((c) => model.placeChunk(c.content));
    const fed = withFeedback(placed, places, keywordScores);
    const concept = scaleToBest(places.map((p) => conceptSimilarity(fed, p)));
    const near = scaleToBest(chunks.map((c) => proximity(terms, model.wordsOf(c.content), weight)));
    return concept.map((v, i) => CONCEPT_SHARE * v + (1 - CONCEPT_SHARE) * near[i]);
  };
}

/**
 * The query's place moved toward the centroid of the FEEDBACK_CHUNKS candidates with the best keyword scores,
 * as a unit vector; the query's own place when the keyword side found none.
 */
function withFeedback(
  query: Float32Array,
  places: readonly (Float32Array | null)[],
  keywordScores: readonly number[],
): Float32Array {
  const best = keywordScores
    .map((score, i) => ({ score, place: places[i] }))
    .filter((c): c is { score: number; place: Float32Array } => c.score > 0 && c.place !== null)
    .sort((a, b) => b.score - a.score)
    .slice(0, FEEDBACK_CHUNKS);
  if (best.length === 0) return query;
  const moved = Float32Array.from(query);
  const share = FEEDBACK_WEIGHT / best.length;
  for (const { place } of best) for (let d = 0; d < moved.length; d++) moved[d] += share * place[d];
  let norm = 0;
  for (let d = 0; d < moved.length; d++) norm += moved[d] * moved[d];
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let d = 0; d < moved.length; d++) moved[d] *= scale;
  return moved;
}
