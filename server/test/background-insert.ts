import { describedInsert, insertHasEnded, backgroundQueryId } from '../../protocol/api/background-query';
import type { TestApp } from './harness';

/** A SQL answer's first row as an object. */
const firstRow = (answer: { column_names: string[]; data: unknown[][] }) =>
  Object.fromEntries(answer.column_names.map((c, i) => [c, answer.data[0]?.[i]]));

/**
 * Waits until the insert a SQL answer started in the background (MindsDB's query record) has ended, as a
 * client does: DESCRIBE KNOWLEDGE_BASE until it reports that query ended. Returns DESCRIBE's row.
 */
export async function settledInsert(
  t: Pick<TestApp, 'sqlOk'>,
  kb: string,
  answer: { type: string; column_names: string[]; data: unknown[][] },
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  const id = backgroundQueryId(answer);
  if (id === null) {
    throw new Error(`Not the record of a background insert: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const until = Date.now() + timeoutMs;
  for (;;) {
    const described = await t.sqlOk(`DESCRIBE KNOWLEDGE_BASE ${kb}`);
    if (insertHasEnded(describedInsert(described), id)) return firstRow(described);
    if (Date.now() > until) {
      throw new Error(`The insert ${id} into ${kb} did not end: ${JSON.stringify(firstRow(described))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
