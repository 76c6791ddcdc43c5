/**
 * SQL through a listening server's `POST /api/sql/query`, as the console and MindsDB's clients send it: the
 * request, the server's JSON answer, and its parsing all count in what the benchmarks time.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export interface SqlAnswer {
  type: string;
  column_names?: string[];
  data?: unknown[][];
  affected_rows?: number;
  error_message?: string;
}

/**
 * One connection pool for every benchmark client, with no time limit on an answer's headers: an
 * `INSERT ... SELECT` of 200,000 rows answers only when it has finished, minutes later on a busy machine.
 */
const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** Runs SQL on the server at `base`; an error answer or an HTTP failure throws, naming the statement. */
export function httpSql(base: string): (query: string) => Promise<SqlAnswer> {
  return async (query) => {
    const res = await request(`${base}/api/sql/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
      dispatcher: agent,
    });
    const answer = (await res.body.json()) as SqlAnswer;
    if (res.statusCode !== 200 || answer.type === 'error') {
      throw new Error(`${query.slice(0, 80)}: HTTP ${res.statusCode} ${answer.error_message ?? ''}`);
    }
    return answer;
  };
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export interface ClientRun {
  requests: number;
  errors: number;
  firstError?: string;
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * `clients` clients, each sending the next of `statements` as soon as its last one was answered, for
 * `seconds`. A request fails when it throws or answers no rows.
 */
export async function closedLoop(
  sql: (query: string) => Promise<SqlAnswer>,
  statements: readonly string[],
  clients: number,
  seconds: number,
): Promise<ClientRun> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < end; i++) {
        const t0 = performance.now();
        try {
          const answer = await sql(statements[i % statements.length]);
          if (!answer.data?.length) throw new Error('no rows');
        } catch (err) {
          errors++;
          firstError ??= (err as Error).message;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    requests: latencies.length,
    errors,
    firstError,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
