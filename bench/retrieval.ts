/**
 * Retrieval benchmark: nDCG@10 and recall@100 of each search mode (the default a query gets without saying,
 * keyword = hybrid with alpha 0, hybrid with alpha 0.5, semantic) on each labelled set, then one table of all
 * of them with the mean over the public collections. Everything goes through the public SQL API of a real
 * server (engines in a temporary data folder).
 *
 *   npm run bench:retrieval                      the six public collections (../shared/data/ir) and our own sets
 *   npm run bench:retrieval -- cranfield med     only these: a public collection's name, `help`, `shop`, or any
 *                                                folder in BEIR's layout (corpus.jsonl, queries.jsonl, qrels/test.tsv)
 *   npm run bench:retrieval -- --held-out        adds the held-out questions over our own documents
 *   npm run bench:retrieval -- --rerankers       adds the modes that apply the KB's `local` reranker
 *   npm run bench:retrieval -- --runs <dir>      writes each mode's ranking in TREC format, for `score.py`
 *   npm run bench:retrieval -- --modes default,keyword   only these modes (while iterating)
 *
 * Each mode's line also shows nDCG@10 over the queries with odd ids (the half ranking choices are tuned on)
 * and over those with even ids (held out from tuning); a set whose ids are not numbers splits by position.
 *
 * Run the collections one after another (the default), not several benchmarks at once: the figures do not
 * depend on the machine's load, but the time it takes does.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { createApp } from '../server/app';
import { openServices } from '../server/open-services';
import { scoreDocuments } from '../server/providers/local-reranker';
import {
  HELD_OUT_SETS,
  loadHeldOut,
  loadSet,
  OWN_SETS,
  PUBLIC_COLLECTIONS,
  publicCollectionsDir,
  type LabelledSet,
} from './retrieval-sets';
import { ndcgAt, recallAt, reciprocalRank } from './retrieval-metrics';

/** Chunks fetched for the top-10 measures: several chunks of one document count once, so ask for more. */
const TOP_CHUNKS = 30;
/** Chunks fetched for recall@100 (the most a search fuses from each side is 200). */
const DEEP_CHUNKS = 400;

interface Mode {
  name: string;
  where: string;
  /** Reorder the returned chunks with the local reranker here, to measure what the product declines to do. */
  rerankHere?: boolean;
}

const MODES: Mode[] = [
  { name: 'default', where: '' },
  { name: 'keyword', where: 'AND hybrid_search_alpha = 0 AND reranking = false' },
  {
    name: 'hybrid 0.5',
    where: 'AND hybrid_search = true AND hybrid_search_alpha = 0.5 AND reranking = false',
  },
  { name: 'semantic', where: 'AND hybrid_search = false AND reranking = false' },
];
const RERANKER_MODES: Mode[] = [
  { name: 'semantic + reranker', where: 'AND hybrid_search = false' },
  { name: 'hybrid + reranker', where: 'AND hybrid_search = true AND reranking = false', rerankHere: true },
];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface SqlResult {
  type: string;
  data?: unknown[][];
  error_message?: string;
}
type Sql = (query: string) => Promise<SqlResult>;
type Deps = Awaited<ReturnType<typeof openServices>>;

interface ModeFigures {
  ndcg: number;
  recall100: number;
  /** nDCG@10 over the tuning half (odd query ids) and the held-out half (even ids). */
  ndcgTuning: number;
  ndcgHeld: number;
}
interface SetFigures {
  name: string;
  isPublic: boolean;
  byMode: Map<string, ModeFigures>;
}

interface Options {
  sets: { set: LabelledSet; isPublic: boolean }[];
  modes: Mode[];
  runsDir?: string;
}

function parseArgs(args: string[]): Options {
  const flags = new Set(['--held-out', '--rerankers']);
  const valueOf = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const runsDir = valueOf('--runs') && path.resolve(valueOf('--runs')!);
  const withValues = new Set(['--runs', '--modes']);
  const names = args.filter((a, i) => !flags.has(a) && !withValues.has(a) && !withValues.has(args[i - 1]));
  const irDir = publicCollectionsDir();
  const own = new Map(OWN_SETS.map((dir) => [path.basename(dir), dir]));
  const resolve = (name: string): { dir: string; isPublic: boolean } => {
    if (own.has(name)) return { dir: own.get(name)!, isPublic: false };
    if (irDir && PUBLIC_COLLECTIONS.includes(name)) return { dir: path.join(irDir, name), isPublic: true };
    if (existsSync(name)) return { dir: path.resolve(name), isPublic: true };
    throw new Error(`no collection '${name}' (a public collection's name, help, shop, or a folder)`);
  };
  let chosen = names.map(resolve);
  if (chosen.length === 0) {
    if (!irDir) console.warn('The public collections (shared/data/ir) were not found; set KS_IR_DATA.');
    const publicDirs = irDir
      ? PUBLIC_COLLECTIONS.map((n) => ({ dir: path.join(irDir, n), isPublic: true }))
      : [];
    chosen = [...publicDirs, ...OWN_SETS.map((dir) => ({ dir, isPublic: false }))];
  }
  const sets = chosen.map(({ dir, isPublic }) => ({ set: loadSet(dir), isPublic }));
  if (args.includes('--held-out'))
    sets.push(...HELD_OUT_SETS.map((d) => ({ set: loadHeldOut(d), isPublic: false })));
  const allModes = args.includes('--rerankers') ? [...MODES, ...RERANKER_MODES] : MODES;
  const wanted = valueOf('--modes')?.split(',');
  const modes = wanted ? allModes.filter((m) => wanted.includes(m.name)) : allModes;
  if (modes.length === 0) throw new Error(`no mode among ${wanted?.join(', ')}`);
  return { sets, modes, runsDir };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.runsDir) await fs.mkdir(options.runsDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-retrieval-'));
  // Inserts run to their end before the statement answers, so that the searches see every document.
  const deps = await openServices({ dataDir: dir, disableKbAutobatch: true });
  const app = createApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const sql: Sql = async (query) => {
    const res = await fetch(`${base}/api/sql/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, context: { db: 'mindsdb' } }),
    });
    const body = (await res.json()) as SqlResult;
    if (body.type === 'error') throw new Error(`${query.slice(0, 120)}: ${body.error_message}`);
    return body;
  };
  const figures: SetFigures[] = [];
  try {
    for (const { set, isPublic } of options.sets) {
      figures.push({ name: set.name, isPublic, byMode: await benchSet(set, dir, deps, sql, options) });
    }
  } finally {
    await app.close();
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  printSummary(figures, options.modes);
}

async function loadKb(set: LabelledSet, dir: string, deps: Deps, sql: Sql): Promise<string> {
  const table = `bench_${set.name.replace(/\W/g, '_').toLowerCase()}`;
  const csv = path.join(dir, `${table}.csv`);
  // The title leads the text, as the demo loads its articles and as BEIR evaluations do.
  const rows = set.docs.map((d) => ({
    id: d.id,
    title: d.title,
    body: d.title ? `${d.title}. ${d.text}` : d.text,
  }));
  await fs.writeFile(csv, Papa.unparse(rows, { columns: ['id', 'title', 'body'] }));
  await deps.files.importFile(table, csv, `${table}.csv`);
  await sql(
    `CREATE KNOWLEDGE_BASE mindsdb.${table}_kb USING content_columns = ['body'], metadata_columns = ['title'], ` +
      `id_column = 'id', reranking_model = {"provider": "local"}`,
  );
  await sql(`INSERT INTO mindsdb.${table}_kb SELECT id, title, body FROM files.${table}`);
  await deps.knowledgeBases.whenIdle();
  // The first search of a large KB learns its concept model in the background: measure once it is learned.
  await sql(`SELECT id FROM mindsdb.${table}_kb WHERE content = 'a first search' LIMIT 1`);
  await deps.knowledgeBases.whenIdle();
  return `mindsdb.${table}_kb`;
}

/** Documents of a search's chunks, best first, each once. */
async function rankedDocs(sql: Sql, kb: string, text: string, mode: Mode, limit: number): Promise<string[]> {
  const result = await sql(
    `SELECT id, chunk_content FROM ${kb} WHERE content = ${quote(text)} ${mode.where} LIMIT ${limit}`,
  );
  let hits = (result.data ?? []).map(([id, content]) => ({ id: String(id), content: String(content) }));
  if (mode.rerankHere && hits.length) {
    const scores = scoreDocuments(
      text,
      hits.map((h) => h.content),
    );
    hits = hits
      .map((h, i) => ({ h, s: scores[i], i }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.h);
  }
  return [...new Set(hits.map((h) => h.id))];
}

/** Queries with odd ids are the half ranking choices are tuned on; the rest is held out from tuning. */
function isTuningQuery(id: string, position: number): boolean {
  const n = /^\d+$/.test(id) ? Number(id) : position + 1;
  return n % 2 === 1;
}

async function benchSet(
  set: LabelledSet,
  dir: string,
  deps: Deps,
  sql: Sql,
  options: Options,
): Promise<Map<string, ModeFigures>> {
  let t0 = performance.now();
  const kb = await loadKb(set, dir, deps, sql);
  const kinds = [...new Set(set.queries.map((q) => q.kind).filter(Boolean))] as string[];
  console.log(
    `\n${set.name}: ${set.docs.length} documents, ${set.queries.length} judged queries` +
      `${kinds.length ? ` (${kinds.map((k) => `${set.queries.filter((q) => q.kind === k).length} ${k}`).join(', ')})` : ''}` +
      `, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const header = ['mode'.padEnd(20), 'nDCG@10', 'R@100', 'R@10', 'MRR@10', 'tune (odd)', 'held (even)'];
  for (const k of kinds) header.push(`nDCG ${k}`.padStart(16));
  console.log(header.join('  '));
  const byMode = new Map<string, ModeFigures>();
  for (const mode of options.modes) {
    t0 = performance.now();
    const perQuery: {
      kind?: string;
      tuning: boolean;
      ndcg: number;
      recall10: number;
      recall100: number;
      rr: number;
    }[] = [];
    const run: string[] = [];
    for (const [position, q] of set.queries.entries()) {
      const top = await rankedDocs(sql, kb, q.text, mode, TOP_CHUNKS);
      const deep = await rankedDocs(sql, kb, q.text, mode, DEEP_CHUNKS);
      const relevant = set.qrels.get(q.id)!;
      perQuery.push({
        kind: q.kind,
        tuning: isTuningQuery(q.id, position),
        ndcg: ndcgAt(10, top, relevant),
        recall10: recallAt(10, top, relevant),
        recall100: recallAt(100, deep, relevant),
        rr: reciprocalRank(10, top, relevant),
      });
      // The run is the top-10 ranking followed by the rest of the deep one, as the figures above read them.
      const ranking = [...new Set([...top.slice(0, 10), ...deep])].slice(0, 1000);
      ranking.forEach((doc, i) =>
        run.push(`${q.id} Q0 ${doc} ${i + 1} ${1000 - i} ${mode.name.replace(/\W+/g, '_')}`),
      );
    }
    if (options.runsDir) {
      const file = `${set.name.replace(/\W+/g, '_')}.${mode.name.replace(/\W+/g, '_')}.txt`;
      await fs.writeFile(path.join(options.runsDir, file), `${run.join('\n')}\n`);
    }
    const figures = {
      ndcg: mean(perQuery.map((p) => p.ndcg)),
      recall100: mean(perQuery.map((p) => p.recall100)),
      ndcgTuning: mean(perQuery.filter((p) => p.tuning).map((p) => p.ndcg)),
      ndcgHeld: mean(perQuery.filter((p) => !p.tuning).map((p) => p.ndcg)),
    };
    byMode.set(mode.name, figures);
    const cells = [
      mode.name.padEnd(20),
      figures.ndcg.toFixed(3).padStart(7),
      figures.recall100.toFixed(3).padStart(5),
      mean(perQuery.map((p) => p.recall10))
        .toFixed(3)
        .padStart(5),
      mean(perQuery.map((p) => p.rr))
        .toFixed(3)
        .padStart(6),
      figures.ndcgTuning.toFixed(3).padStart(10),
      figures.ndcgHeld.toFixed(3).padStart(11),
      ...kinds.map((k) =>
        mean(perQuery.filter((p) => p.kind === k).map((p) => p.ndcg))
          .toFixed(3)
          .padStart(16),
      ),
    ];
    console.log(
      `${cells.join('  ')}   (${((performance.now() - t0) / set.queries.length / 2).toFixed(1)} ms/query)`,
    );
  }
  return byMode;
}

/** One table: nDCG@10 and recall@100 of every set and mode, the default's gain over keyword, and the means. */
function printSummary(figures: SetFigures[], modes: Mode[]): void {
  const nameWidth = Math.max(24, ...figures.map((f) => f.name.length + 2));
  const cell = (v: number | undefined) => (v === undefined ? '' : v.toFixed(3)).padStart(7);
  const gain = (byMode: Map<string, ModeFigures>, of: keyof ModeFigures) => {
    const d = byMode.get('default')?.[of];
    const k = byMode.get('keyword')?.[of];
    return d !== undefined && k !== undefined
      ? `${d - k >= 0 ? '+' : ''}${(d - k).toFixed(3)}`.padStart(8)
      : '';
  };
  const row = (name: string, byMode: Map<string, ModeFigures>) =>
    [
      name.padEnd(nameWidth),
      ...modes.map((m) => `${cell(byMode.get(m.name)?.ndcg)} ${cell(byMode.get(m.name)?.recall100)}`),
      gain(byMode, 'ndcg'),
      gain(byMode, 'ndcgTuning'),
      gain(byMode, 'ndcgHeld'),
    ].join(' | ');
  const meanOf = (group: SetFigures[]) =>
    new Map(
      modes.map((m) => [
        m.name,
        {
          ndcg: mean(group.map((f) => f.byMode.get(m.name)!.ndcg)),
          recall100: mean(group.map((f) => f.byMode.get(m.name)!.recall100)),
          ndcgTuning: mean(group.map((f) => f.byMode.get(m.name)!.ndcgTuning)),
          ndcgHeld: mean(group.map((f) => f.byMode.get(m.name)!.ndcgHeld)),
        },
      ]),
    );
  console.log(
    '\nnDCG@10 and recall@100 per mode; the last columns are nDCG@10 of default minus keyword over all queries,' +
      ' the tuning half (odd ids) and the held-out half (even ids)',
  );
  console.log(
    [
      'collection'.padEnd(nameWidth),
      ...modes.map((m) => m.name.slice(0, 15).padStart(15)),
      'd - kw'.padStart(8),
      'tuning'.padStart(8),
      'held'.padStart(8),
    ].join(' | '),
  );
  console.log(
    [
      ''.padEnd(nameWidth),
      ...modes.map(() => `${'nDCG@10'.padStart(7)} ${'R@100'.padStart(7)}`),
      ''.padStart(8),
      ''.padStart(8),
      ''.padStart(8),
    ].join(' | '),
  );
  for (const f of figures) console.log(row(f.name, f.byMode));
  const publicSets = figures.filter((f) => f.isPublic);
  const ownSets = figures.filter((f) => !f.isPublic);
  if (publicSets.length > 1) console.log(row(`mean of ${publicSets.length} public`, meanOf(publicSets)));
  if (ownSets.length > 1) console.log(row(`mean of ${ownSets.length} own`, meanOf(ownSets)));
}

main().catch((err) => {
  console.error('bench:retrieval failed:', (err as Error).message);
  process.exit(1);
});
