import { performance } from 'node:perf_hooks';
import type { SqlResponse } from '../server/domain/sql';

/** How many questions the EVALUATE figure is measured on. */
export const EVALUATE_QUESTIONS = 300;

/**
 * Times, on the benchmark's KB: generating 300 extractive questions from its chunks, `EVALUATE KNOWLEDGE_BASE`
 * over them, and a KB search joined with a file table and grouped. Prints figures, asserts nothing.
 */
export async function benchEvaluate(sql: (query: string) => Promise<SqlResponse>, kb: string): Promise<void> {
  let t0 = performance.now();
  const made = await sql(
    `EVALUATE KNOWLEDGE_BASE ${kb} USING test_table = files.bench_qa,
       generate_data = {'count': ${EVALUATE_QUESTIONS}}, evaluate = false`,
  );
  if (made.type === 'error') throw new Error(made.error_message);
  console.log(
    `EVALUATE generate_data: ${EVALUATE_QUESTIONS} extractive questions in ${(performance.now() - t0).toFixed(0)} ms`,
  );
  t0 = performance.now();
  const scored = await sql(`EVALUATE KNOWLEDGE_BASE ${kb} USING test_table = files.bench_qa, limit = 10`);
  const ms = performance.now() - t0;
  if (scored.type !== 'table') throw new Error(scored.type === 'error' ? scored.error_message : 'no scores');
  const row = Object.fromEntries(scored.column_names.map((c, i) => [c, scored.data[0][i]]));
  console.log(
    `EVALUATE over ${EVALUATE_QUESTIONS} questions: ${ms.toFixed(0)} ms (${(ms / EVALUATE_QUESTIONS).toFixed(1)} ms per question); ` +
      `hit@1 ${row.hit_at_1}, hit@10 ${row.hit_at_10}, MRR ${row.mrr}, nDCG@10 ${row.ndcg_at_10}`,
  );
  t0 = performance.now();
  const joined = await sql(
    `SELECT q.doc_id, count(*) AS n FROM ${kb} AS k JOIN files.bench_qa AS q ON k.id = q.doc_id
     WHERE k.content = 'kalo mine rusa' GROUP BY q.doc_id`,
  );
  if (joined.type === 'error') throw new Error(joined.error_message);
  console.log(`KB search joined with a file table and grouped: ${(performance.now() - t0).toFixed(1)} ms`);
}
