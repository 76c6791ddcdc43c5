import type { JsonValue } from '../../../engines/duckdb';
import { ValidationError } from '../../../errors';
import type { EvaluationVersion } from '../../../domain/kb-evaluations';

/** Most questions one evaluation reads: each is a search, and all their results are kept. */
export const MAX_QUESTIONS = 2_000;

export interface TestQuestion {
  question: string;
  /** Document ids the question should find (`doc_id`); empty for `llm_relevancy`. */
  expected: string[];
  answer: string | null;
}

const text = (v: JsonValue): string =>
  v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * `doc_id` holds one id, or a JSON list of ids (`["a", "b"]`) when several documents answer the question.
 */
function expectedIds(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.map(text);
  const raw = text(value).trim();
  if (raw.startsWith('[')) {
    try {
      const list = JSON.parse(raw) as unknown;
      if (Array.isArray(list)) return list.map((v) => text(v as JsonValue));
    } catch {
      // Not a list: the id itself starts with '['.
    }
  }
  return raw === '' ? [] : [raw];
}

/**
 * The questions of a test table, checked: MindsDB's columns (`question`, and `doc_id` for the `doc_id` version;
 * `answer` is kept when present), at least one row, at most MAX_QUESTIONS.
 */
export function readQuestions(
  table: string,
  version: EvaluationVersion,
  result: { column_names: string[]; data: JsonValue[][] },
): TestQuestion[] {
  const index = new Map(result.column_names.map((c, i) => [c.toLowerCase(), i]));
  const needed = version === 'doc_id' ? ['question', 'doc_id'] : ['question'];
  const missing = needed.filter((c) => !index.has(c));
  if (missing.length) {
    throw new ValidationError(
      `The test table ${table} needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ` +
        `for version '${version}' (it has: ${result.column_names.join(', ') || 'no columns'})`,
      'test_table',
    );
  }
  if (result.data.length === 0)
    throw new ValidationError(`The test table ${table} has no rows`, 'test_table');
  if (result.data.length > MAX_QUESTIONS) {
    throw new ValidationError(
      `The test table ${table} has more than ${MAX_QUESTIONS.toLocaleString('en-US')} questions, ` +
        `the most one evaluation takes: evaluate a sample`,
      'test_table',
    );
  }
  const q = index.get('question')!;
  const d = index.get('doc_id');
  const a = index.get('answer');
  return result.data.map((row, i) => {
    const question = text(row[q]).trim();
    if (!question) throw new ValidationError(`Row ${i + 1} of ${table} has an empty question`, 'test_table');
    const expected = d === undefined ? [] : expectedIds(row[d]);
    if (version === 'doc_id' && expected.length === 0)
      throw new ValidationError(`Row ${i + 1} of ${table} has no doc_id`, 'test_table');
    return { question, expected, answer: a === undefined ? null : text(row[a]) };
  });
}
