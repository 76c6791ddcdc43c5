import { parseRows, TOOL } from '../tool-protocol';
import { sentences, terms } from './text';
import type { MadeCall, Transcript } from './transcript';

/** Sentences quoted in an answer at most. */
const MAX_SENTENCES = 3;
/** Share of the question's (weighted) terms a sentence must contain to be worth quoting. */
const MIN_COVERAGE = 0.3;

interface Candidate {
  text: string;
  chunkId: string;
  relevance: number;
  coverage: number;
  order: number;
}

/** Chunks of every knowledge base search in the turn, each once, best search rank first. */
function retrievedChunks(calls: MadeCall[]) {
  const chunks = new Map<string, { content: string; relevance: number }>();
  for (const c of calls) {
    if (c.name !== TOOL.kbQuery || !c.observation) continue;
    for (const row of parseRows(c.observation) ?? []) {
      if (!row.chunk_id || !row.chunk_content || chunks.has(row.chunk_id)) continue;
      const relevance = Number(row.relevance);
      chunks.set(row.chunk_id, {
        content: row.chunk_content,
        relevance: Number.isFinite(relevance) ? relevance : 0,
      });
    }
  }
  return chunks;
}

/**
 * Scores every sentence of the retrieved chunks by how much of the question it covers, each question term
 * weighted by how rare it is among those sentences (so "knowledge" in every chunk counts less than "upload").
 */
function bestSentences(searchText: string, calls: MadeCall[]): Candidate[] {
  const question = [...new Set(terms(searchText))];
  if (question.length === 0) return [];
  const all: Omit<Candidate, 'coverage'>[] = [];
  let order = 0;
  for (const [chunkId, chunk] of retrievedChunks(calls)) {
    for (const text of sentences(chunk.content))
      all.push({ text, chunkId, relevance: chunk.relevance, order: order++ });
  }
  const sentenceTerms = all.map((s) => new Set(terms(s.text)));
  const weight = new Map(
    question.map((q) => {
      const df = sentenceTerms.filter((set) => set.has(q)).length;
      return [q, Math.log(1 + (all.length + 1) / (df + 1))];
    }),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  return all
    .map((s, i) => ({
      ...s,
      coverage:
        question.filter((q) => sentenceTerms[i].has(q)).reduce((a, q) => a + weight.get(q)!, 0) / total,
    }))
    .filter((s) => s.coverage >= MIN_COVERAGE)
    .sort((a, b) => b.coverage - a.coverage || b.relevance - a.relevance || a.order - b.order)
    .slice(0, MAX_SENTENCES);
}

/** The chosen sentences in reading order, each chunk's sentences together and cited once after them. */
function quote(best: Candidate[]): string {
  const groups = new Map<string, Candidate[]>();
  for (const s of best) groups.set(s.chunkId, [...(groups.get(s.chunkId) ?? []), s]);
  return [...groups.entries()]
    .map(([chunkId, list]) => {
      const text = list
        .sort((a, b) => a.order - b.order)
        .map((s) => s.text)
        .join(' ');
      return `${text} [${chunkId}]`;
    })
    .join('\n\n');
}

const cellText = (v: string) => v.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 120);

/** Query results as retrieved: a count as a sentence, rows as a Markdown table. */
function tableAnswers(calls: MadeCall[]): string[] {
  const out: string[] = [];
  for (const c of calls) {
    if (c.name !== TOOL.query || !c.observation) continue;
    const rows = parseRows(c.observation);
    const table = /FROM\s+(\S+)/i.exec(c.input)?.[1]?.replace(/`/g, '') ?? 'the table';
    if (!rows) continue;
    const columns = Object.keys(rows[0] ?? {});
    if (columns.length === 1 && columns[0] === 'count' && rows.length === 1) {
      out.push(`${table} holds ${rows[0].count} rows (\`${c.input}\`).`);
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
  const parts = [quote(bestSentences(t.searchText, t.calls)), ...tableAnswers(t.calls)].filter(Boolean);
  if (parts.length > 0) return parts.join('\n\n');
  const searched = t.calls.some((c) => c.name === TOOL.kbQuery || c.name === TOOL.query);
  if (!available.has(TOOL.kbQuery) && !available.has(TOOL.query)) {
    return 'I have no knowledge bases or tables to answer from, so I cannot answer that.';
  }
  return searched
    ? 'I could not find anything about that in the data I can search.'
    : 'I found no knowledge base or table to search for that.';
}
