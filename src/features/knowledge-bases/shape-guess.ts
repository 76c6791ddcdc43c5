/** How a KB could be shaped after a table: which column holds the text, which the id, the rest metadata. */
export interface ShapeGuess {
  content: string;
  id: string;
  metadata: string[];
  /** Why this content column, in words the user can check ("the longest text: 212 characters on average"). */
  reason: string;
}

/** Names an id column usually has, in the order they are tried. */
const ID_NAMES = ['id', 'doc_id', 'document_id', 'uuid', 'key'];

const NUMERIC = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DATE_LIKE = /^\d{4}-\d\d-\d\d([ T]\d\d:\d\d(:\d\d(\.\d+)?)?)?/;

/** A value that reads as prose: text, not a number, a date or a boolean written as text. */
function isFreeText(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const t = value.trim();
  return t !== '' && !NUMERIC.test(t) && !DATE_LIKE.test(t) && !/^(true|false)$/i.test(t);
}

/**
 * Guesses the shape from the column names and a sample of rows. The content column is the one with the
 * longest free text on average (a reviews table's `review`, not its `product`); an id-like name becomes the
 * id; every other column is metadata. With no text column at all, the first non-id column is named content
 * and the reason says so.
 */
export function guessShape(columns: string[], sample: unknown[][]): ShapeGuess {
  const lower = columns.map((c) => c.toLowerCase());
  const idIndex = ID_NAMES.map((n) => lower.indexOf(n)).find((i) => i >= 0) ?? -1;
  const id = idIndex >= 0 ? columns[idIndex] : '';
  let best = -1;
  let bestLength = 0;
  columns.forEach((_, i) => {
    if (i === idIndex) return;
    const texts = sample.map((row) => row[i]).filter(isFreeText);
    // A column counts as text when most sampled values are text.
    if (texts.length === 0 || texts.length * 2 < sample.length) return;
    const average = texts.reduce((sum, t) => sum + t.length, 0) / texts.length;
    if (average > bestLength) {
      best = i;
      bestLength = average;
    }
  });
  const fallback = columns.findIndex((_, i) => i !== idIndex);
  const contentIndex = best >= 0 ? best : fallback;
  const content = contentIndex >= 0 ? columns[contentIndex] : '';
  const reason =
    best >= 0
      ? `the longest text: ${Math.round(bestLength).toLocaleString('en')} characters on average in ${sample.length.toLocaleString('en')} sampled rows`
      : 'no column holds text in the sampled rows; check this choice';
  const metadata = columns.filter((c) => c !== content && c !== id);
  return { content, id, metadata, reason };
}
