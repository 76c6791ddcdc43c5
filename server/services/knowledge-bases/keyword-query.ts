import { forEachWord, hashString, STOP_HASHES } from '../../providers/lexical';

/**
 * The text the keyword (BM25) side searches for: the query without its question words ("how", "do", "I",
 * "my", "why"). The full-text index drops only articles and a few prepositions, so these words would
 * otherwise match every article written in the second person and outweigh the one content word that matters.
 * A query made only of such words is searched as it is.
 */
export function keywordQuery(text: string): string {
  const lower = text.toLowerCase();
  const kept: string[] = [];
  forEachWord(lower, (start, end) => {
    const word = lower.slice(start, end);
    if (!STOP_HASHES.has(hashString(word))) kept.push(word);
  });
  return kept.length > 0 ? kept.join(' ') : text;
}
