import { TOOL } from '../tool-protocol';
import { parseRows } from '../../../../protocol/tool-observation';
import { isLookupSql } from './count-plan';
import { quotePassages } from './passages';
import type { MadeCall, Transcript } from './transcript';

const cellText = (v: string) => v.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 120);

/** What the aggregates the local model runs (count-plan.ts) name their one column. */
const AGGREGATE_NAMES: Record<string, string | undefined> = { sum: 'sum', avg: 'average' };

/** Query results as retrieved: a count as a sentence, rows as a Markdown table. */
function tableAnswers(calls: MadeCall[]): string[] {
  const out: string[] = [];
  for (const c of calls) {
    // A count's lookups (a sample row, a probe of the columns) are steps, not answers.
    if (c.name !== TOOL.query || !c.observation || isLookupSql(c.input)) continue;
    const rows = parseRows(c.observation);
    const table = /FROM\s+(\S+)/i.exec(c.input)?.[1]?.replace(/`/g, '') ?? 'the table';
    if (!rows) continue;
    const columns = Object.keys(rows[0] ?? {});
    const filtered = /\sWHERE\s/i.test(c.input);
    if (columns.length === 1 && columns[0] === 'count' && rows.length === 1) {
      out.push(
        filtered
          ? `${rows[0].count} rows of ${table} match (\`${c.input}\`).`
          : `${table} holds ${rows[0].count} rows (\`${c.input}\`).`,
      );
      continue;
    }
    const aggregate = AGGREGATE_NAMES[columns[0]];
    if (columns.length === 1 && aggregate && rows.length === 1) {
      const over = filtered ? `the matching rows of ${table}` : table;
      out.push(
        `The ${aggregate} over ${over} is ${rows[0][columns[0]] || 'empty (no rows)'} (\`${c.input}\`).`,
      );
      continue;
    }
    if (rows.length === 0) {
      out.push(`${table} has no rows (\`${c.input}\`).`);
      continue;
    }
    const lines = [
      `| ${columns.map(cellText).join(' | ')} |`,
      `| ${columns.map(() => '---').join(' | ')} |`,
      ...rows.map((r) => `| ${columns.map((col) => cellText(r[col] ?? '')).join(' | ')} |`),
    ];
    out.push(`Rows of ${table} (\`${c.input}\`):\n\n${lines.join('\n')}`);
  }
  return out;
}

/** The answer: only retrieved text, with its sources; or a plain statement that nothing was found. */
export function composeAnswer(t: Transcript, available: ReadonlySet<string>): string {
  // Query results first: they exist only when the question asked for a count or a list.
  const parts = [...tableAnswers(t.calls), quotePassages(t.searchText, t.calls)].filter(Boolean);
  if (parts.length > 0) return parts.join('\n\n');
  const searched = t.calls.some((c) => c.name === TOOL.kbQuery || c.name === TOOL.query);
  if (!available.has(TOOL.kbQuery) && !available.has(TOOL.query)) {
    return 'I have no knowledge bases or tables to answer from, so I cannot answer that.';
  }
  return searched
    ? 'I could not find anything about that in the data I can search.'
    : 'I found no knowledge base or table to search for that.';
}
