import { randomUUID } from 'node:crypto';
import type { CatalogDb } from '../engines/catalog-db';
import type { EvaluationRecord, EvaluationSummary, SearchSettings } from '../domain/kb-evaluations';
import { formatTimestamp } from '../util/time';
import { heartbeatOf } from './run-liveness';

/** Past evaluations kept per knowledge base; older ones are removed past this many. */
export const MAX_KEPT_EVALUATIONS = 200;

const toSummary = (r: Record<string, unknown>): EvaluationSummary => ({
  id: String(r.id),
  knowledge_base: String(r.kb_name),
  created_at: String(r.created_at),
  finished_at: r.finished_at === null ? null : String(r.finished_at),
  state: r.state as EvaluationSummary['state'],
  version: r.version as EvaluationSummary['version'],
  test_table: String(r.test_table),
  settings: JSON.parse(String(r.settings)) as SearchSettings,
  metrics: r.metrics === null ? null : (JSON.parse(String(r.metrics)) as EvaluationSummary['metrics']),
  error: r.error === null ? null : String(r.error),
});

export const KB_EVALUATIONS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS kb_evaluations (
    id VARCHAR PRIMARY KEY, kb_id BIGINT NOT NULL, kb_name VARCHAR NOT NULL, created_at VARCHAR NOT NULL,
    finished_at VARCHAR, state VARCHAR NOT NULL, version VARCHAR NOT NULL, test_table VARCHAR NOT NULL,
    settings VARCHAR NOT NULL, metrics VARCHAR, questions VARCHAR, error VARCHAR)`,
  `CREATE TABLE IF NOT EXISTS kb_search_defaults (
    kb_id BIGINT PRIMARY KEY, settings VARCHAR NOT NULL, updated_at VARCHAR NOT NULL)`,
];

/**
 * The catalog's `kb_evaluations` (each run: when, with which settings, its metrics and per-question results)
 * and `kb_search_defaults` (the search settings a user chose from an evaluation, per knowledge base id).
 */
export class EvaluationStore {
  /**
   * The defaults by KB id: every search reads them, so they are read from the catalog once, unless other
   * servers may change them (a shared catalog).
   */
  private readonly defaultsCache = new Map<number, SearchSettings | undefined>();

  private get keepsDefaults(): boolean {
    return !this.catalog.shared;
  }

  constructor(private readonly catalog: CatalogDb) {}

  async start(
    kb: { id: number; name: string },
    run: { version: string; testTable: string; settings: SearchSettings },
  ): Promise<string> {
    const id = randomUUID();
    await this.catalog.run(
      `INSERT INTO kb_evaluations (id, kb_id, kb_name, created_at, state, version, test_table, settings)
       VALUES (?, ?, ?, ?, 'running', ?, ?, ?)`,
      [id, kb.id, kb.name, formatTimestamp(), run.version, run.testTable, JSON.stringify(run.settings)],
    );
    await this.catalog.run(
      `DELETE FROM kb_evaluations WHERE kb_id = ? AND id NOT IN (
         SELECT id FROM kb_evaluations WHERE kb_id = ? ORDER BY created_at DESC LIMIT ${MAX_KEPT_EVALUATIONS})`,
      [kb.id, kb.id],
    );
    // On a shared catalog the run's row is kept alive until it ends: other servers see it running.
    heartbeatOf(this.catalog).track('evaluation', id);
    return id;
  }

  async finish(id: string, metrics: EvaluationSummary['metrics'], questions: unknown[]): Promise<void> {
    heartbeatOf(this.catalog).untrack('evaluation', id);
    await this.catalog.run(
      `UPDATE kb_evaluations SET state = 'done', finished_at = ?, metrics = ?, questions = ? WHERE id = ?`,
      [formatTimestamp(), JSON.stringify(metrics), JSON.stringify(questions), id],
    );
  }

  async fail(id: string, error: string): Promise<void> {
    heartbeatOf(this.catalog).untrack('evaluation', id);
    await this.catalog.run(
      `UPDATE kb_evaluations SET state = 'failed', finished_at = ?, error = ? WHERE id = ?`,
      [formatTimestamp(), error, id],
    );
  }

  async list(kbId: number): Promise<EvaluationSummary[]> {
    const rows = await this.catalog.all(
      `SELECT * EXCLUDE (questions) FROM kb_evaluations WHERE kb_id = ? ORDER BY created_at DESC, id`,
      [kbId],
    );
    return rows.map(toSummary);
  }

  async get(kbId: number, id: string): Promise<EvaluationRecord | undefined> {
    const [row] = await this.catalog.all(`SELECT * FROM kb_evaluations WHERE kb_id = ? AND id = ?`, [
      kbId,
      id,
    ]);
    if (!row) return undefined;
    const questions = row.questions === null ? [] : (JSON.parse(String(row.questions)) as unknown[]);
    return { ...toSummary(row), questions: questions as EvaluationRecord['questions'] };
  }

  async defaults(kbId: number): Promise<SearchSettings | undefined> {
    if (this.keepsDefaults && this.defaultsCache.has(kbId)) return this.defaultsCache.get(kbId);
    const [row] = await this.catalog.all<{ settings: string }>(
      `SELECT settings FROM kb_search_defaults WHERE kb_id = ?`,
      [kbId],
    );
    const settings = row ? (JSON.parse(row.settings) as SearchSettings) : undefined;
    if (this.keepsDefaults) this.defaultsCache.set(kbId, settings);
    return settings;
  }

  async setDefaults(kbId: number, settings: SearchSettings): Promise<void> {
    await this.catalog.run(
      `INSERT INTO kb_search_defaults (kb_id, settings, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (kb_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at`,
      [kbId, JSON.stringify(settings), formatTimestamp()],
    );
    if (this.keepsDefaults) this.defaultsCache.set(kbId, settings);
  }
}
