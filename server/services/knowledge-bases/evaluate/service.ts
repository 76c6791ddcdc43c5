import type { CatalogDb } from '../../../engines/catalog-db';
import type { JsonValue } from '../../../engines/duckdb';
import { NotFoundError, ValidationError } from '../../../errors';
import type { StartEvaluationBody, StartedEvaluations } from '../../../../protocol/api/kb-evaluations';
import type { KnowledgeBase } from '../../../domain/knowledge-bases';
import { KbEvaluator, type EvaluatorDeps } from './evaluator';
import { readEvaluateLlm, type EvaluateOptions } from './params';
import { fileTableName, writeFileRows } from './save-table';
import { EvaluationStore } from '../../../store/kb-evaluations';
import type { EvaluationRecord, EvaluationSummary, SearchSettings } from '../../../domain/kb-evaluations';

/** What EVALUATE answers: MindsDB's one row of scores, or the count of generated questions (evaluate = false). */
export type EvaluateAnswer =
  { kind: 'scores'; columns: string[]; row: JsonValue[] } | { kind: 'generated'; questions: number };

/**
 * Evaluations of knowledge bases, from SQL (`EVALUATE KNOWLEDGE_BASE`, answered when done) and from the console
 * (started, then polled), both recorded in the same history.
 */
export class KbEvaluationService {
  readonly store: EvaluationStore;
  private readonly evaluator: KbEvaluator;

  constructor(private readonly deps: Omit<EvaluatorDeps, 'store'> & { catalog: CatalogDb }) {
    this.store = new EvaluationStore(deps.catalog);
    this.evaluator = new KbEvaluator({ ...deps, store: this.store });
  }

  private kb(project: string, name: string): Promise<KnowledgeBase> {
    return this.deps.kbs.get(project, name);
  }

  /** `EVALUATE KNOWLEDGE_BASE kb USING ...`: runs to the end and answers with the scores. */
  async evaluateSql(
    project: string,
    name: string,
    options: EvaluateOptions,
    db: string,
  ): Promise<EvaluateAnswer> {
    const kb = await this.kb(project, name);
    if (!options.evaluate && !options.generate)
      throw new ValidationError('evaluate = false needs generate_data: there is nothing to do', 'evaluate');
    const questions = await this.evaluator.prepare(project, kb, options, db);
    if (!options.evaluate)
      return { kind: 'generated', questions: await this.countRows(options.testTable, db) };
    const settings = { ...(await this.evaluator.defaults(kb, options.version)), ...options.search };
    const id = await this.store.start(kb, {
      version: options.version,
      testTable: options.testTable,
      settings,
    });
    const outcome = await this.evaluator.run(
      project,
      kb,
      id,
      questions,
      options.version,
      settings,
      options.llm,
    );
    const createdAt = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const columns = [...Object.keys(outcome.metrics), 'id', 'name', 'created_at'];
    const row: JsonValue[] = [...Object.values(outcome.metrics), id, kb.name, createdAt];
    if (options.saveTo) {
      const table = fileTableName(options.saveTo, 'save_to');
      await writeFileRows(this.deps.data, this.deps.files, table, columns, [row]);
    }
    if (options.saveQuestionsTo) {
      const table = fileTableName(options.saveQuestionsTo, 'save_questions_to');
      const qColumns = ['question', 'expected', 'rank', 'found', 'retrieved_ids', 'query_ms'];
      const qRows = outcome.questions.map((q) => [
        q.question,
        q.expected.join(', '),
        q.rank,
        q.rank !== null,
        JSON.stringify(q.retrieved.map((r) => r.id)),
        q.query_ms,
      ]);
      await writeFileRows(this.deps.data, this.deps.files, table, qColumns, qRows, { replace: true });
    }
    return { kind: 'scores', columns, row };
  }

  private async countRows(table: string, db: string): Promise<number> {
    const result = await this.deps.query(`SELECT count(*) AS n FROM ${table}`, db);
    return Number(result.data[0]?.[0] ?? 0);
  }

  /**
   * Starts one evaluation per setting on the same questions (made first when asked) and returns their ids at
   * once; they run one after another in the background, each recorded with its progress.
   */
  async start(project: string, name: string, body: StartEvaluationBody): Promise<StartedEvaluations> {
    const kb = await this.kb(project, name);
    const version = body.version ?? 'doc_id';
    const llm = body.llm === undefined ? undefined : readEvaluateLlm(body.llm);
    const options: EvaluateOptions = {
      testTable: body.test_table,
      version,
      generate: body.generate,
      evaluate: true,
      search: {},
      ...(llm ? { llm } : {}),
    };
    const questions = await this.evaluator.prepare(project, kb, options, project);
    const ids: string[] = [];
    for (const settings of body.settings)
      ids.push(await this.store.start(kb, { version, testTable: body.test_table, settings }));
    void (async () => {
      for (const [i, settings] of body.settings.entries()) {
        // A failed run is recorded as failed (with its reason) by the evaluator; the next ones still run.
        await this.evaluator
          .run(project, kb, ids[i], questions, version, settings, llm)
          .catch(() => undefined);
      }
    })();
    return { ids, questions: questions.length };
  }

  async list(project: string, name: string): Promise<EvaluationSummary[]> {
    const kb = await this.kb(project, name);
    return (await this.store.list(kb.id)).map((e) => this.withProgress(e));
  }

  async get(project: string, name: string, id: string): Promise<EvaluationRecord> {
    const kb = await this.kb(project, name);
    const record = await this.store.get(kb.id, id);
    if (!record) throw new NotFoundError(`Evaluation '${id}' of knowledge base '${name}' does not exist`);
    return this.withProgress(record);
  }

  private withProgress<T extends EvaluationSummary>(e: T): T {
    const progress = e.state === 'running' ? this.evaluator.progress(e.id) : undefined;
    return progress ? { ...e, progress: { ...progress } } : e;
  }

  async searchDefaults(project: string, name: string): Promise<SearchSettings> {
    return this.evaluator.defaults(await this.kb(project, name));
  }

  async setSearchDefaults(project: string, name: string, settings: SearchSettings): Promise<SearchSettings> {
    const kb = await this.kb(project, name);
    await this.store.setDefaults(kb.id, settings);
    return settings;
  }

  /** The chosen defaults as a search query's options (for searches that do not say). */
  async storedDefaults(kbId: number): Promise<SearchSettings | undefined> {
    return this.store.defaults(kbId);
  }
}
