import { TOOL } from '../tool-protocol';
import { parseRows } from '../../../../protocol/tool-observation';
import { answerCue, asksHowTo, kindWords, type Cue } from './cues';
import { sentences, stem, terms, termSet } from './text';
import type { MadeCall } from './transcript';
import { CHUNK_METADATA_KEYS as BOOKKEEPING } from '../../../../protocol/api/knowledge-bases';

/**
 * Share of the question's terms a chunk must hold before it is quoted. Each term counts once here, whatever
 * its rarity: rarity orders the chunks that pass, but must not shut out the search's top hit because another
 * chunk holds a rarer word. A term no retrieved chunk holds still counts, so a question about the football
 * world cup is not answered by a chunk that merely says "world" (1 of 5), while one of two terms is enough.
 */
export const MIN_COVERAGE = 0.34;
/**
 * How much of the question the quoted chunk must hold before the agent answers at all: each question term
 * counts once, but a term that none of the retrieved chunks holds counts UNFOUND_TERM_WEIGHT times, and the
 * chunk must hold about two thirds of the total (0.65). A question term nothing found speaks of is the
 * likeliest sign that the question asks for a fact no document states ("What is the maximum size of a file I
 * can upload?" against the article on uploading, which says nothing of sizes); a term some other retrieved
 * chunk holds is only a detail the best one leaves out ("csv" in "How do I upload a CSV file?"). Below this
 * the agent says it could not find it: a wrong answer with a citation is worse than none. Chosen on question
 * sets already reported, then judged on one nobody tuned on: `npm run bench:agent -- --answers --fresh=...`
 * (docs/local-models.md).
 */
export const MIN_ANSWERED_SHARE = 0.65;
const UNFOUND_TERM_WEIGHT = 3;
/**
 * Hits of each search the answer chooses from: the search's top ones. The search ranked the whole knowledge
 * base with BM25 and vectors; a chunk it put lower than this wins the answer only by sharing more of the
 * question's words with it, and such a chunk is more often a wrong answer than a right one
 * (`npm run bench:agent -- --answers`; the figures are in docs/measurements.md).
 * The tool still shows all the hits it fetched.
 */
export const CONSIDERED = 6;
/** A chunk this short is quoted whole: its sentences explain each other ("Start the server with ..."). */
const SHORT_CHUNK = 700;
/** Sentences taken from a longer chunk at most. */
const MAX_SENTENCES = 4;
/** Another chunk is quoted too when it scores nearly as well as the best one. */
const RUNNER_UP = 0.85;
/**
 * Text that reads as a citation, "[12:body:1of1:0to310]" (a help article about citations shows one): a quoted
 * sentence holding it would cite a chunk that was never retrieved, so such sentences are not quoted.
 */
const CITATION_LIKE = /\[[^\]\s]+:[^\]\s]+\]/;
/** Characters of a word two words must share to count as one ("irritated" and "irritation"). */
const SHARED_PREFIX = 6;
/** The question term that stands for all its words naming the kind of answer (no word has a space). */
const KIND_TERM = 'kind of answer';

/**
 * How the chunks are ranked: the search's own order counts most (it saw the whole knowledge base, BM25 and
 * vectors; we see ten chunks), then whether the chunk holds the kind of answer the question asks for, then
 * whether its heading is made of the question's words, then how much of the question it covers; and for a
 * how-to question, whether a heading names an action on what the question is about (measured by
 * `npm run bench:agent -- --answers`: any weight from 0.1 to 0.3 answers the same questions right).
 */
const WEIGHT = { search: 0.5, coverage: 0.25, cue: 0.35, heading: 0.3, howTo: 0.2 };
/** A metadata value or first line this short is a heading (a title): it says what the whole chunk is about. */
const HEADING = 80;
/**
 * A heading that names an action: "How to ..." or a verb in -ing first ("Uploading a file", "Using the HTTP API
 * from scripts"); not the few common words that only end like one ("Something", "String").
 */
const ACTION_HEADING =
  /^(?:how to\s+\S+|(?!(?:some|any|every|no)?thing\b|strings?\b|spring\b|morning\b|evening\b)[a-z]{2,}ing\b)/i;

/** An action a heading names: "Quoting names and strings" is the verb "quot" on "name" and "string". */
interface Action {
  verb: string;
  on: Set<string>;
}

export interface Chunk {
  chunkId: string;
  content: string;
  /** Words of the chunk and of its metadata (a title, a category), as terms, with repeats. */
  words: string[];
  terms: Set<string>;
  /** Terms of each of the chunk's headings: short metadata values such as a title, a short first line. */
  headings: Set<string>[];
  /** The headings that name an action ("Uploading a file"), split into the action and what it acts on. */
  actions: Action[];
  relevance: number;
  order: number;
}

function metadataValues(cell: string | undefined): string[] {
  if (!cell) return [];
  try {
    const meta = JSON.parse(cell) as Record<string, unknown>;
    return Object.entries(meta)
      .filter(([k, v]) => typeof v === 'string' && !BOOKKEEPING.has(k.replace(/^_/, '')))
      .map(([, v]) => v as string);
  } catch {
    return [];
  }
}

function headingTexts(content: string, meta: string[]): string[] {
  const short = meta.filter((v) => v.length <= HEADING);
  // A first line of its own, as a Markdown heading is ("# Refunds\n..."); a first sentence may be the answer.
  const [first, ...rest] = content.trim().split(/\n+/);
  if (rest.length > 0 && first.length <= HEADING) short.push(first.replace(/^#+\s*/, ''));
  return short.map((h) => h.trim());
}

/** The actions the headings name: "Quoting names and strings" quotes names and strings. */
function headingActions(headings: string[]): Action[] {
  return headings
    .map((h) => ACTION_HEADING.exec(h))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      verb: stem(m[0].replace(/^how to\s+/i, '').toLowerCase()),
      on: new Set(terms(m.input.slice(m[0].length))),
    }));
}

/** Chunks of every knowledge base search in the turn, each once, in the order the searches ranked them. */
export function retrievedChunks(calls: MadeCall[]): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const c of calls) {
    if (c.name !== TOOL.kbQuery || !c.observation) continue;
    for (const row of (parseRows(c.observation) ?? []).slice(0, CONSIDERED)) {
      if (!row.chunk_id || !row.chunk_content || chunks.has(row.chunk_id)) continue;
      const relevance = Number(row.relevance);
      // Metadata words count twice: a title says what the whole chunk is about.
      const meta = metadataValues(row.metadata);
      const metaText = meta.join(' ');
      const words = terms(`${row.chunk_content} ${metaText} ${metaText}`);
      const headings = headingTexts(row.chunk_content, meta);
      chunks.set(row.chunk_id, {
        chunkId: row.chunk_id,
        content: row.chunk_content,
        words,
        terms: new Set(words),
        headings: headings.map((h) => new Set(terms(h))).filter((h) => h.size > 0),
        actions: headingActions(headings),
        relevance: Number.isFinite(relevance) ? relevance : 0,
        order: chunks.size,
      });
    }
  }
  return [...chunks.values()];
}

/** Whether some terms hold a question term: the term itself, or a word sharing its first SHARED_PREFIX letters. */
function holds(own: ReadonlySet<string>, term: string): boolean {
  if (own.has(term)) return true;
  if (term.length < SHARED_PREFIX) return false;
  const prefix = term.slice(0, SHARED_PREFIX);
  for (const t of own) if (t.startsWith(prefix)) return true;
  return false;
}

/**
 * Each question term weighs 1, plus more the rarer it is among the chunks: a term that every retrieved chunk
 * holds still counts in full (it is what the search found them by), and a term that sets one chunk apart
 * counts more.
 */
function termWeights(question: string[], held: boolean[][]): Map<string, number> {
  const n = held.length;
  return new Map(
    question.map((q, i) => {
      const df = held.filter((row) => row[i]).length;
      return [q, 1 + (df > 0 ? Math.log((n + 1) / df) : 0)];
    }),
  );
}

/** Each question term's weight in `MIN_ANSWERED_SHARE`: 1, or UNFOUND_TERM_WEIGHT when no retrieved chunk holds it. */
function answeredWeights(held: boolean[][], terms: number): number[] {
  return Array.from({ length: terms }, (_, j) => (held.some((row) => row[j]) ? 1 : UNFOUND_TERM_WEIGHT));
}

interface Scored {
  chunk: Chunk;
  /** Share of the question the chunk holds, weighed by `answeredWeights`. */
  answeredShare: number;
  /** Share of the question's terms the chunk holds, each counted once. */
  share: number;
  coverage: number;
  answers: boolean;
  score: number;
}

/** Every retrieved chunk scored against the question, best first; those under MIN_COVERAGE left out. */
export function rankChunks(searchText: string, chunks: Chunk[]): { ranked: Scored[]; cue: Cue | null } {
  const kind = new Set([...kindWords(searchText)].map(stem));
  const own = [...new Set(terms(searchText))];
  // The words naming the kind of answer ("keyboard shortcut", "how long ... last") count as one term: they
  // ask for one thing, and counted apiece they would outweigh the topic a near miss lacks.
  const topic = own.filter((q) => !kind.has(q));
  const question = topic.length < own.length ? [...topic, KIND_TERM] : own;
  const cue = answerCue(searchText);
  const howTo = asksHowTo(searchText);
  if (question.length === 0 || chunks.length === 0) return { ranked: [], cue };
  const asked = new Set(own);
  // A sentence of the kind asked for: it answers. It answers what the question asks when it also holds at
  // least half of the question's other terms ("Our service centre replaces it for 15 euros" prices a battery
  // there, not new glass): only then does it hold the words naming the kind ("cost", "long").
  const onTopic = (s: string) => {
    const read = termSet(s);
    return topic.filter((q) => holds(read, q)).length * 2 >= topic.length;
  };
  const kindSentences = chunks.map((c) => (cue ? sentences(c.content).filter(cue) : []));
  const answering = kindSentences.map((found) => found.length > 0);
  const answeringOnTopic = kindSentences.map((found) => found.some(onTopic));
  const held = chunks.map((c, i) =>
    question.map((q) => (q === KIND_TERM ? answeringOnTopic[i] : holds(c.terms, q))),
  );
  const weights = termWeights(question, held);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const answered = answeredWeights(held, question.length);
  const answeredTotal = answered.reduce((a, b) => a + b, 0);
  // The search's relevance, scaled to its best, with the rank as a fallback when relevances are all alike.
  const best = Math.max(...chunks.map((c) => c.relevance));
  const ranked = chunks
    .map((chunk, i) => {
      const coverage = question.reduce((sum, q, j) => sum + (held[i][j] ? weights.get(q)! : 0), 0) / total;
      const share = held[i].filter(Boolean).length / question.length;
      const search = best > 0 ? chunk.relevance / best : 1 / (1 + chunk.order);
      const answers = answering[i];
      // A heading made of the question's words: the chunk is about them, not mentioning them in passing
      // ("Naming tables" for "what are the rules for naming tables?", not "Writing a good prompt template").
      const heading = Math.max(
        0,
        ...chunk.headings.map((h) => [...h].filter((t) => holds(asked, t)).length / h.size),
      );
      // A how-to question is answered by a how-to chunk that names the question's own action or acts on what
      // the question names: "Uploading a file" for "how can I upload my spreadsheet?", "Using the HTTP API
      // from scripts" for "how can a script send a query?" (not "Which SQL is supported"). Not "Deleting a
      // knowledge base" for "how do I drop weak matches?": an action in other words, on something else.
      const howToAboutIt =
        howTo && chunk.actions.some((a) => asked.has(a.verb) || [...a.on].some((t) => holds(asked, t)));
      const score =
        WEIGHT.search * search +
        WEIGHT.coverage * coverage +
        (answers ? WEIGHT.cue : 0) +
        WEIGHT.heading * heading +
        (howToAboutIt ? WEIGHT.howTo : 0) -
        0.001 * chunk.order;
      const answeredShare = answered.reduce((sum, w, j) => sum + (held[i][j] ? w : 0), 0) / answeredTotal;
      return { chunk, answeredShare, share, coverage, answers, score };
    })
    .filter((s) => s.share >= MIN_COVERAGE)
    .sort((a, b) => b.score - a.score);
  return { ranked, cue };
}

/**
 * What to quote from a chunk: all of it when it is short (its sentences explain each other); otherwise the
 * sentences that share words with the question or hold the kind of answer it asks for.
 */
function quoteFrom(
  chunk: Chunk,
  question: Set<string>,
  cue: Cue | null,
  whole: boolean,
  max: number,
): string {
  const citing = CITATION_LIKE.test(chunk.content);
  if (whole && chunk.content.length <= SHORT_CHUNK && !citing)
    return chunk.content.trim().replace(/\s*\n\s*/g, ' ');
  const all = sentences(chunk.content).filter((s) => !CITATION_LIKE.test(s));
  const matching = all.filter((s) => (cue !== null && cue(s)) || terms(s).some((t) => question.has(t)));
  return (matching.length ? matching : all.slice(0, 1)).slice(0, max).join(' ');
}

/**
 * The passages that answer the question, each followed by its chunk id in brackets: the best chunk, quoted
 * whole when short, and the best sentences of any that score nearly as well. Empty when no chunk speaks to
 * the question.
 */
export function quotePassages(searchText: string, calls: MadeCall[]): string {
  const { ranked, cue } = rankChunks(searchText, retrievedChunks(calls));
  if (ranked.length === 0) return '';
  const question = new Set(terms(searchText));
  const [best, ...rest] = ranked;
  if (best.answeredShare < MIN_ANSWERED_SHARE) return '';
  const others = rest
    .filter((s) => s.score >= best.score * RUNNER_UP && s.answeredShare >= MIN_ANSWERED_SHARE)
    .slice(0, 2);
  return [
    `${quoteFrom(best.chunk, question, cue, true, MAX_SENTENCES)} [${best.chunk.chunkId}]`,
    ...others.map(({ chunk }) => `${quoteFrom(chunk, question, cue, false, 2)} [${chunk.chunkId}]`),
  ].join('\n\n');
}
