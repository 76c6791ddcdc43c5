/**
 * How well the local agent answers our labelled questions (bench/retrieval-data): the demo agent over the help
 * articles, and an agent over the shop set. An answer is
 * - right when its first citation is a chunk of a document that answers the question and the text quoted
 *   for it holds the question's fact;
 * - refused when it says nothing was found;
 * - wrong otherwise; and a question nothing answers (kind `unanswerable`) is right only when refused.
 * Separately, every cited passage is checked against the chunk it cites: each quoted sentence must be text
 * of that chunk (an answer that cites a chunk not holding what it says is counted as unfaithful).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { openServices } from '../server/open-services';
import { createDemo } from '../server/services/demo/index';
import { freshSets, HELD_OUT_SETS, loadHeldOut, loadSet, OWN_SETS, type LabelledSet } from './retrieval-sets';

type Deps = Awaited<ReturnType<typeof openServices>>;

const REFUSAL = /could not find anything|no knowledge base/i;
const CITED = /([\s\S]*?)\s*\[([^\]\s]+:[^\]\s]+)\]/g;

export interface Verdict {
  question: string;
  kind?: string;
  outcome: 'right' | 'refused' | 'wrong';
  unfaithful: number;
  answer: string;
}

/** Passages of an answer with the chunk each cites. */
export function citations(answer: string): { text: string; chunkId: string }[] {
  return [...answer.matchAll(CITED)].map((m) => ({ text: m[1].trim(), chunkId: m[2] }));
}

async function loadShop(deps: Deps, dir: string, set: LabelledSet): Promise<void> {
  const csv = path.join(dir, 'shop.csv');
  await fs.writeFile(
    csv,
    Papa.unparse(
      set.docs.map((d) => ({ id: d.id, title: d.title, body: `${d.title}. ${d.text}` })),
      { columns: ['id', 'title', 'body'] },
    ),
  );
  await deps.files.importFile('shop', csv, 'shop.csv');
  const session = { db: 'mindsdb', show_secrets: false };
  for (const q of [
    `CREATE KNOWLEDGE_BASE mindsdb.shop_kb USING content_columns = ['body'], metadata_columns = ['title'], id_column = 'id'`,
    'INSERT INTO mindsdb.shop_kb SELECT id, title, body FROM files.shop',
  ]) {
    const r = await deps.sql.execute(q, session);
    if (r.type === 'error') throw new Error(r.error_message);
  }
  await deps.agents.create('mindsdb', {
    name: 'shop_agent',
    model: { provider: 'local' },
    data: { knowledge_bases: ['mindsdb.shop_kb'] },
  });
}

async function judge(
  set: LabelledSet,
  ask: (question: string) => Promise<string>,
  chunkText: (chunkId: string) => Promise<string | null>,
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const q of set.queries) {
    const answer = await ask(q.text);
    const cited = citations(answer);
    let unfaithful = 0;
    for (const c of cited) {
      const chunk = (await chunkText(c.chunkId))?.replace(/\s+/g, ' ') ?? '';
      // Passages of one chunk are joined by a space; each sentence must be the chunk's own text.
      const pieces = c.text.split(/(?<=[.!?])\s+/).filter(Boolean);
      if (!chunk || pieces.some((p) => !chunk.includes(p.replace(/\s+/g, ' ')))) unfaithful++;
    }
    const relevant = set.qrels.get(q.id)!;
    const first = cited[0];
    const right =
      first !== undefined &&
      relevant.has(first.chunkId.split(':')[0]) &&
      first.text.toLowerCase().includes((q.fact ?? '').toLowerCase());
    const outcome = right ? 'right' : cited.length === 0 && REFUSAL.test(answer) ? 'refused' : 'wrong';
    verdicts.push({ question: q.text, kind: q.kind, outcome, unfaithful, answer });
  }
  for (const q of set.unanswerable) {
    const answer = await ask(q.text);
    const outcome = citations(answer).length === 0 && REFUSAL.test(answer) ? 'right' : 'wrong';
    verdicts.push({ question: q.text, kind: q.kind, outcome, unfaithful: 0, answer });
  }
  return verdicts;
}

/**
 * Runs both sets against the server at `base` (whose services are `deps`) and prints the figures; with
 * `fresh` (a folder of retrieval-data such as `fresh2`), only that fresh set (run once, never tuned on).
 */
export async function benchAnswers(
  deps: Deps,
  base: string,
  dir: string,
  verbose: boolean,
  fresh: string | null = null,
): Promise<void> {
  const [help, shop] = OWN_SETS.map(loadSet);
  const [heldOutHelp, heldOutShop] = (fresh ? freshSets(fresh) : HELD_OUT_SETS).map(loadHeldOut);
  if (!(await createDemo(deps))) throw new Error('the demo could not be created');
  await loadShop(deps, dir, shop);
  type Run = [LabelledSet, string, string, 'own' | 'held-out'];
  const own: Run[] = [
    [help, 'help_agent', 'help_kb', 'own'],
    [shop, 'shop_agent', 'shop_kb', 'own'],
  ];
  const runs: Run[] = [
    ...(fresh ? [] : own),
    [heldOutHelp, 'help_agent', 'help_kb', 'held-out'],
    [heldOutShop, 'shop_agent', 'shop_kb', 'held-out'],
  ];
  const all: Verdict[] = [];
  const heldOut: Verdict[] = [];
  for (const [set, agent, kb, group] of runs) {
    const ask = async (question: string) => {
      const res = await fetch(`${base}/api/projects/mindsdb/agents/${agent}/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ question, answer: '' }] }),
      });
      return ((await res.json()) as { message: { content: string } }).message.content;
    };
    const chunkText = async (chunkId: string) => {
      const r = await deps.sql.execute(
        `SELECT chunk_content FROM mindsdb.${kb} WHERE chunk_id = '${chunkId.replace(/'/g, "''")}'`,
        { db: 'mindsdb', show_secrets: false },
      );
      return r.type === 'table' && r.data.length ? String(r.data[0][0]) : null;
    };
    const verdicts = await judge(set, ask, chunkText);
    (group === 'own' ? all : heldOut).push(...verdicts);
    report(`${set.name} (${agent})`, verdicts);
    if (verbose) {
      for (const v of verdicts.filter((x) => x.outcome !== 'right' || x.unfaithful > 0)) {
        const found = await deps.sql.execute(
          `SELECT id FROM mindsdb.${kb} WHERE content = '${v.question.replace(/'/g, "''")}' LIMIT 10`,
          { db: 'mindsdb', show_secrets: false },
        );
        const ids = found.type === 'table' ? found.data.map((r) => String(r[0])) : [];
        const q = set.queries.find((x) => x.text === v.question);
        const rank = ids.findIndex((id) => q !== undefined && set.qrels.get(q.id)?.has(id));
        console.log(
          `  ${v.outcome.toUpperCase()}${v.unfaithful ? ` (${v.unfaithful} unfaithful)` : ''} [${v.kind}, answer ranked ${rank === -1 ? 'not in top 10' : rank + 1} by the search] ` +
            `${v.question}\n    ${v.answer.slice(0, 160).replace(/\n/g, ' ')}`,
        );
      }
    }
  }
  if (!fresh) report('all own questions', all);
  report(fresh ? `all ${fresh} questions` : 'all held-out questions', heldOut);
  const readme = all.find((v) => v.question === 'How do I upload a CSV file?');
  if (!fresh) console.log(`README question "How do I upload a CSV file?": ${readme?.outcome ?? 'not asked'}`);
}

function report(label: string, verdicts: Verdict[]): void {
  const count = (o: Verdict['outcome'], kind?: string) =>
    verdicts.filter((v) => v.outcome === o && (kind === undefined || v.kind === kind)).length;
  const n = verdicts.length;
  const kinds = [...new Set(verdicts.map((v) => v.kind).filter(Boolean))] as string[];
  const byKind = kinds
    .map((k) => `${k} ${count('right', k)}/${verdicts.filter((v) => v.kind === k).length}`)
    .join(', ');
  const unfaithful = verdicts.reduce((sum, v) => sum + v.unfaithful, 0);
  console.log(
    `${label}: ${count('right')}/${n} right (${((100 * count('right')) / n).toFixed(0)}%; ${byKind}), ` +
      `${count('refused')} refused, ${count('wrong')} wrong; citations not holding their text: ${unfaithful}`,
  );
}
