/**
 * Labelled retrieval sets in BEIR's layout: a folder with `corpus.jsonl` ({_id, title?, text}),
 * `queries.jsonl` ({_id, text, metadata?}) and `qrels/test.tsv` (query-id, corpus-id, score; a header line).
 * The built-in `help` set has no corpus file: its corpus is the demo's help articles, loaded as the demo loads
 * them, so that its figures are the demo agent's.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Doc {
  id: string;
  title: string;
  text: string;
}

export interface Query {
  id: string;
  text: string;
  /** `plain` (shares words with its answer) or `paraphrase` (shares few); own sets only. */
  kind?: string;
  /** Words the answering document contains that an answer must quote; own sets only. */
  fact?: string;
}

export interface LabelledSet {
  name: string;
  docs: Doc[];
  queries: Query[];
  /** query id -> document id -> graded relevance (> 0). */
  qrels: Map<string, Map<string, number>>;
  /** Questions nothing in the corpus answers (kind `unanswerable`, no judgements): an agent must refuse them. */
  unanswerable: Query[];
}

const DATA = fileURLToPath(new URL('./retrieval-data/', import.meta.url));
const HELP_ARTICLES = fileURLToPath(new URL('../server/services/demo/help-articles.json', import.meta.url));

/**
 * Six classic public test collections (Cranfield, CISI, MED, CACM, NPL, TIME) in BEIR's layout, kept outside the
 * repository: nothing here wrote them, so they say whether a ranking change is general. For tuning only.
 */
export const PUBLIC_COLLECTIONS = ['cranfield', 'cisi', 'med', 'cacm', 'npl', 'time'];

/** The folder holding the public collections: `KS_IR_DATA`, else the nearest `shared/data/ir` above the repository. */
export function publicCollectionsDir(): string | null {
  if (process.env.KS_IR_DATA) return path.resolve(process.env.KS_IR_DATA);
  for (let dir = path.resolve(DATA, '..', '..'); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'ir');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Our own sets, in the repository. */
export const OWN_SETS = ['help', 'shop'].map((name) => path.join(DATA, name));

/**
 * Questions over the same documents as our own sets that nothing was ever tuned on (more paraphrases, other
 * articles): their figures say whether a change is general or fitted to our own questions. Their folders hold
 * no corpus: each reads the corpus of the own set of its name.
 */
export const HELD_OUT_SETS = ['help', 'shop'].map((name) => path.join(DATA, 'held-out', name));

/**
 * Questions written from the documents alone by someone who had not read the code nor any earlier question
 * file (fresh/README.md ... fresh4/README.md), each reported once before anything was tuned on it:
 * `npm run bench:agent -- --answers --fresh[=fresh2|fresh3|fresh4]`.
 */
export const freshSets = (folder = 'fresh') => ['help', 'shop'].map((name) => path.join(DATA, folder, name));

/** A held-out set with the documents of the own set it asks about. */
export function loadHeldOut(dir: string): LabelledSet {
  const own = loadSet(path.join(DATA, path.basename(dir)));
  const kind = path.basename(path.dirname(dir));
  return { ...loadSet(dir), name: `${kind} ${own.name}`, docs: own.docs };
}

/** JSON lines of `file`, or of `file.gz` when only the compressed copy is there (a large public corpus). */
const jsonLines = <T>(file: string): T[] =>
  (existsSync(file) ? readFileSync(file, 'utf8') : gunzipSync(readFileSync(`${file}.gz`)).toString('utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

function helpArticles(): Doc[] {
  const articles = JSON.parse(readFileSync(HELP_ARTICLES, 'utf8')) as {
    id: number;
    title: string;
    body: string;
  }[];
  return articles.map((a) => ({ id: String(a.id), title: a.title, text: a.body }));
}

/** Reads a set from a folder in BEIR's layout (the `help` set takes its corpus from the demo). */
export function loadSet(dir: string): LabelledSet {
  const corpusFile = path.join(dir, 'corpus.jsonl');
  const docs =
    existsSync(corpusFile) || existsSync(`${corpusFile}.gz`)
      ? jsonLines<{ _id: string; title?: string; text: string }>(corpusFile).map((d) => ({
          id: String(d._id),
          title: d.title ?? '',
          text: d.text,
        }))
      : helpArticles();
  const qrels = new Map<string, Map<string, number>>();
  const lines = readFileSync(path.join(dir, 'qrels', 'test.tsv'), 'utf8')
    .split('\n')
    .slice(1);
  for (const line of lines) {
    const [query, doc, score] = line.trim().split('\t');
    if (!query || !doc || !(Number(score) > 0)) continue;
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query)!.set(doc, Number(score));
  }
  const all = jsonLines<{ _id: string; text: string; metadata?: { kind?: string; fact?: string } }>(
    path.join(dir, 'queries.jsonl'),
  ).map((q) => ({ id: String(q._id), text: q.text, kind: q.metadata?.kind, fact: q.metadata?.fact }));
  return {
    name: path.basename(dir),
    docs,
    queries: all.filter((q) => qrels.has(q.id)),
    qrels,
    unanswerable: all.filter((q) => q.kind === 'unanswerable'),
  };
}
