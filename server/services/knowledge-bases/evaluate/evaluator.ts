import type { JsonValue } from '../../../engines/duckdb';
import type { DuckDb } from '../../../engines/duckdb';
import { scrubSecrets } from '../../../../protocol/secrets';
import { UpstreamError, ValidationError } from '../../../errors';
import { createReranker } from '../../../providers/registry';
import type { ModelConfig, Reranker } from '../../../providers/types';
import { checkModelAddress } from '../../model-config';
import type { FileService } from '../../files';
import type { KnowledgeBaseService } from '../service';
import type { KbSearchQuery, KbSearchRow, KnowledgeBase } from '../../../domain/knowledge-bases';
import { EXTRACTIVE, extractiveQuestions, SAMPLE_SIZE, type SourceChunk } from './generate';
import { llmQuestions } from './llm-questions';
import {
  scoreDocIdQuestion,
  summarizeDocId,
  summarizeRelevancy,
  type DocIdOutcome,
  type RelevancyOutcome,
} from './metrics';
import type { EvaluateOptions } from './params';
import { MAX_QUESTIONS, readQuestions, type TestQuestion } from './questions';
import { fileTableName, writeFileRows } from './save-table';
import type { EvaluationStore } from '../../../store/kb-evaluations';
import type {
  EvaluationVersion,
  Metrics,
  QuestionResult,
  SearchSettings,
} from '../../../domain/kb-evaluations';

/** How many chunks a question asks for when no setting says (MindsDB's TOP_K of each version). */
const TOP_K: Record<EvaluationVersion, number> = { doc_id: 20, llm_relevancy: 10 };
/** Characters of each returned chunk kept in the per-question results. */
const SNIPPET = 240;

export interface EvaluatorDeps {
  kbs: KnowledgeBaseService;
  store: EvaluationStore;
  files: FileService;
  data: DuckDb;
  /** Runs a SELECT as the SQL endpoint would, with `db` as the current database. */
  query: (sql: string, db: string) => Promise<{ column_names: string[]; data: JsonValue[][] }>;
}

export interface EvaluationOutcome {
  id: string;
  metrics: Metrics;
  questions: QuestionResult[];
}

/** The search a setting asks for. */
export function searchQuery(settings: SearchSettings, question: string): KbSearchQuery {
  const hybrid = settings.mode !== 'semantic';
  return {
    query: question,
    limit: settings.limit,
    hybrid,
    ...(hybrid ? { hybridAlpha: settings.mode === 'keyword' ? 0 : (settings.alpha ?? 0.5) } : {}),
    rerank: settings.rerank,
  };
}

/** Runs evaluations of knowledge bases: reads or makes the questions, searches each, scores and records. */
export class KbEvaluator {
  /** Questions answered so far by each running evaluation, for the console's progress bar. */
  private readonly running = new Map<string, { done: number; total: number }>();

  constructor(private readonly deps: EvaluatorDeps) {}

  progress(id: string): { done: number; total: number } | undefined {
    return this.running.get(id);
  }

  /** The settings searches of this KB use unless told otherwise: chosen ones, else the engine's own. */
  async defaults(kb: KnowledgeBase, version: EvaluationVersion = 'doc_id'): Promise<SearchSettings> {
    const stored = await this.deps.store.defaults(kb.id);
    return (
      stored ?? {
        mode: kb.embedding_model.provider === 'local' ? 'hybrid' : 'semantic',
        alpha: 0.5,
        rerank: kb.reranking_model !== null,
        limit: TOP_K[version],
      }
    );
  }

  /**
   * Makes the test table when asked (generate_data) and returns its questions, checked: for `doc_id`, every
   * expected id must be a document of the KB (a typo would otherwise read as a retrieval failure).
   */
  async prepare(
    project: string,
    kb: KnowledgeBase,
    options: EvaluateOptions,
    db: string,
  ): Promise<TestQuestion[]> {
    await checkModelAddress(options.llm, 'llm');
    if (options.generate) await this.generate(project, kb, options, db);
    if (!options.evaluate) return [];
    const result = await this.deps.query(`SELECT * FROM ${options.testTable} LIMIT ${MAX_QUESTIONS + 1}`, db);
    const questions = readQuestions(options.testTable, options.version, result);
    if (options.version === 'doc_id') await this.checkIds(project, kb, questions);
    if (options.version === 'llm_relevancy' && !kb.reranking_model && !options.llm) {
      throw new ValidationError(
        `version 'llm_relevancy' scores results with the llm given (llm = {...}) or the knowledge base's ` +
          `reranking_model; '${kb.name}' has none`,
        'version',
      );
    }
    return questions;
  }

  private async generate(
    project: string,
    kb: KnowledgeBase,
    options: EvaluateOptions,
    db: string,
  ): Promise<number> {
    const table = fileTableName(options.testTable, 'test_table');
    const gen = options.generate!;
    let chunks: SourceChunk[];
    if (gen.fromSql) {
      const result = await this.deps.query(gen.fromSql, db);
      const content = result.column_names.findIndex((c) => c.toLowerCase() === 'content');
      const id = result.column_names.findIndex((c) => c.toLowerCase() === 'id');
      if (content === -1 || id === -1)
        throw new ValidationError(
          'generate_data.from_sql must return the columns id and content',
          'generate_data',
        );
      chunks = result.data
        .slice(0, SAMPLE_SIZE)
        .map((r) => ({ id: String(r[id]), content: String(r[content] ?? '') }));
    } else {
      const rows = await this.deps.kbs.search(project, kb.name, { limit: SAMPLE_SIZE });
      chunks = rows.map((r) => ({ id: String(r.id), content: r.chunk_content }));
    }
    // A language model writes the questions when one is named; `local` (or none) keeps them extractive.
    const generated =
      options.llm && options.llm.provider !== 'local'
        ? await llmQuestions(chunks, gen.count, options.llm)
        : extractiveQuestions(chunks, gen.count);
    if (generated.length === 0)
      throw new ValidationError(
        `Knowledge base '${kb.name}' has no text to make questions from`,
        'generate_data',
      );
    const columns = ['text', 'question', 'answer', 'doc_id', 'generated_by'] as const;
    await writeFileRows(
      this.deps.data,
      this.deps.files,
      table,
      [...columns],
      generated.map((g) => columns.map((c) => g[c])),
      { replace: true },
    );
    return generated.length;
  }

  private async checkIds(project: string, kb: KnowledgeBase, questions: TestQuestion[]): Promise<void> {
    const wanted = [...new Set(questions.flatMap((q) => q.expected))];
    const found = new Set<string>();
    for (let i = 0; i < wanted.length; i += 500) {
      const batch = wanted.slice(i, i + 500);
      const rows = await this.deps.kbs.search(project, kb.name, {
        filters: [{ column: 'id', op: 'in', value: batch }],
      });
      for (const r of rows) found.add(String(r.id));
    }
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) {
      const shown = missing
        .slice(0, 5)
        .map((id) => `'${id}'`)
        .join(', ');
      throw new ValidationError(
        `${missing.length} doc_id value${missing.length > 1 ? 's are' : ' is'} not in knowledge base '${kb.name}': ${shown}${missing.length > 5 ? ', ...' : ''}`,
        'test_table',
      );
    }
  }

  /** Searches every question with `settings`, scores the answers and records the run as `id`. */
  async run(
    project: string,
    kb: KnowledgeBase,
    id: string,
    questions: TestQuestion[],
    version: EvaluationVersion,
    settings: SearchSettings,
    llm?: ModelConfig,
  ): Promise<EvaluationOutcome> {
    const progress = { done: 0, total: questions.length };
    this.running.set(id, progress);
    try {
      const outcome =
        version === 'doc_id'
          ? await this.runDocId(project, kb, questions, settings, progress)
          : await this.runRelevancy(project, kb, questions, settings, progress, llm);
      await this.deps.store.finish(id, outcome.metrics, outcome.questions);
      return { id, ...outcome };
    } catch (err) {
      await this.deps.store.fail(id, String((err as Error)?.message ?? err).split('\n')[0]);
      throw err;
    } finally {
      this.running.delete(id);
    }
  }

  private async runDocId(
    project: string,
    kb: KnowledgeBase,
    questions: TestQuestion[],
    settings: SearchSettings,
    progress: { done: number },
  ): Promise<{ metrics: Metrics; questions: QuestionResult[] }> {
    const outcomes: DocIdOutcome[] = [];
    const results: QuestionResult[] = [];
    for (const q of questions) {
      const { rows, queryMs } = await this.timedSearch(project, kb, settings, q.question);
      const outcome = { retrievedIds: rows.map((r) => String(r.id)), expectedIds: q.expected, queryMs };
      outcomes.push(outcome);
      const rank = scoreDocIdQuestion(outcome).rank;
      results.push(questionResult(q.question, q.expected, rank, rows, (r) => r.relevance, queryMs));
      progress.done++;
    }
    const metrics = summarizeDocId(outcomes, outcomes.map(scoreDocIdQuestion), settings.limit);
    return { metrics, questions: results };
  }

  private async runRelevancy(
    project: string,
    kb: KnowledgeBase,
    questions: TestQuestion[],
    settings: SearchSettings,
    progress: { done: number },
    llm?: ModelConfig,
  ): Promise<{ metrics: Metrics; questions: QuestionResult[] }> {
    // The llm given judges relevance, else the KB's own reranking model, as in MindsDB.
    const judge = llm
      ? llmJudge(llm)
      : createReranker((await this.deps.kbs.get(project, kb.name, { showSecrets: true })).reranking_model!);
    const outcomes: RelevancyOutcome[] = [];
    const results: QuestionResult[] = [];
    for (const q of questions) {
      const { rows, queryMs } = await this.timedSearch(project, kb, settings, q.question);
      const scores = rows.length
        ? await judge.score(
            q.question,
            rows.map((r) => r.chunk_content),
          )
        : [];
      outcomes.push({ scores, queryMs });
      const first = scores.findIndex((s) => s >= 0.5);
      const rank = first === -1 ? null : first + 1;
      const expected = q.answer ? [q.answer] : [];
      results.push(questionResult(q.question, expected, rank, rows, (_, i) => scores[i], queryMs));
      progress.done++;
    }
    return { metrics: summarizeRelevancy(outcomes), questions: results };
  }

  /** One question's search with the time it took (each question's `query_ms`, and the metrics' latency). */
  private async timedSearch(project: string, kb: KnowledgeBase, settings: SearchSettings, question: string) {
    const started = performance.now();
    const rows = await this.deps.kbs.search(project, kb.name, searchQuery(settings, question));
    return { rows, queryMs: performance.now() - started };
  }
}

/** A question as the evaluation reports it: its rank and the chunks retrieved, each content cut to a snippet. */
function questionResult(
  question: string,
  expected: string[],
  rank: number | null,
  rows: KbSearchRow[],
  relevance: (row: KbSearchRow, index: number) => number | null,
  queryMs: number,
): QuestionResult {
  return {
    question,
    expected,
    rank,
    retrieved: rows.map((r, i) => ({
      id: String(r.id),
      relevance: relevance(r, i),
      content: r.chunk_content.slice(0, SNIPPET),
    })),
    query_ms: Math.round(queryMs * 10) / 10,
  };
}

/** The llm of EVALUATE as a relevance judge; its failures name it, never its key. */
function llmJudge(llm: ModelConfig): Reranker {
  const judge = createReranker(llm);
  return {
    provider: judge.provider,
    model: judge.model,
    async score(query, documents, options) {
      try {
        return await judge.score(query, documents, options);
      } catch (err) {
        const cause = scrubSecrets(err instanceof Error ? err.message : String(err), [llm.api_key]);
        throw new UpstreamError(
          `The llm of EVALUATE (${llm.provider}/${judge.model}) could not judge relevance: ${cause}`,
          'llm',
        );
      }
    },
  };
}

export { EXTRACTIVE };
