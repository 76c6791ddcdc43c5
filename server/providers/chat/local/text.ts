import { stemmer as porterStem } from 'stemmer';

/**
 * The little language sense of the local chat model: content terms of a text (lowercased, stop words out,
 * plurals and common endings folded so that "uploads" meets "upload") and sentence splitting.
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does doing done for from had has have he her him his ' +
    'how i if in into is it its me my no not of on or our she so than that the their them then there these ' +
    'they this to us was we were what when where which while who why will with would you your yours about ' +
    'also any all some just only very more most other such own same too should may might must shall am ' +
    'get gets got let lets want wants need needs use used using tell please explain describe show give ' +
    'there here each every one ones thing things way ways happen happens happened mean means meant work works ' +
    'know possible able really actually exactly take takes took taking mention mentions mentioned ' +
    'say says said saying ' +
    'anyone anybody someone somebody something giving gives gave given whether ' +
    // The rest of the standard English stop list (NLTK's): reflexive pronouns, and the prepositions and
    // particles that say where or when but not what about ("kicked out after a week": "week" and "kick" are
    // what a passage must speak of; "out" and "after" are held by passages on anything). "now" stays a term:
    // without it "where is my parcel now?" would be answered by any passage that mentions a parcel.
    'myself ours ourselves yourself yourselves himself hers herself itself theirs themselves whom those ' +
    'being having because until against between through during before after above below up down out off ' +
    'over under again further once both few nor'
  ).split(' '),
);

/**
 * The word's Porter stem, so that "cancelled" meets "cancel", "irritated" meets "irritation" and "uploads"
 * meets "upload": the standard English stemmer rather than a hand-made list of endings.
 */
export const stem = (word: string): string => porterStem(word.replace(/'s$/, ''));

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;

/** Content terms in order of appearance (with repeats). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    out.push(stem(word));
  }
  return out;
}

export const termSet = (text: string): Set<string> => new Set(terms(text));

/**
 * Sentences of a chunk: split after `.`, `!` or `?` followed by a space and an upper-case letter or digit, and
 * at line breaks (lists, headings). Very short fragments (a heading's lone word) are dropped.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const part of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(`*])/u)) {
      const s = part.trim().replace(/^[-*•]\s+/, '');
      if (s.length >= 12 && terms(s).length > 0) out.push(s);
    }
  }
  return out;
}

/** Whether a question asks for a count or a list, which tables answer better than prose. */
export function asksForRows(question: string): 'count' | 'list' | undefined {
  const q = question.toLowerCase();
  if (/\b(how many|number of|count|total|sum|average)\b/.test(q)) return 'count';
  if (/\b(list|show me|show all|all the|enumerate|which .+ are there)\b/.test(q)) return 'list';
  return undefined;
}
