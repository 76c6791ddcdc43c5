import type { CatalogDb } from '../engines/catalog-db';
import type { ModelConfig } from '../domain/knowledge-bases';

/** The three default models of the instance, by MindsDB's config keys. */
export const DEFAULT_MODEL_ROLES = [
  'default_llm',
  'default_embedding_model',
  'default_reranking_model',
] as const;
export type DefaultModelRole = (typeof DEFAULT_MODEL_ROLES)[number];

/**
 * One row per default model set with `PUT /api/config`, its model object as JSON (a key typed there is kept
 * here, as a knowledge base keeps its model's key). A role without a row uses the value given at start.
 */
export const INSTANCE_DEFAULTS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS instance_default_models (role VARCHAR PRIMARY KEY, model_json VARCHAR NOT NULL)`,
];

/** The catalog's `instance_default_models`. */
export class InstanceDefaultsStore {
  constructor(private readonly catalog: CatalogDb) {}

  /** The models set so far, by role; read afresh each time, as several servers may share the catalog. */
  async all(): Promise<Partial<Record<DefaultModelRole, ModelConfig>>> {
    const rows = await this.catalog.select<{ role: string; model_json: string }>(
      `SELECT role, model_json FROM instance_default_models`,
      [],
      { keep: false },
    );
    const out: Partial<Record<DefaultModelRole, ModelConfig>> = {};
    for (const row of rows) {
      if ((DEFAULT_MODEL_ROLES as readonly string[]).includes(row.role)) {
        out[row.role as DefaultModelRole] = JSON.parse(row.model_json) as ModelConfig;
      }
    }
    return out;
  }

  /**
   * Sets each role's model, or forgets it (null: the value given at start applies again), all in one
   * transaction: a PUT that changes several defaults changes all of them or, on a failure, none.
   */
  async replace(models: Partial<Record<DefaultModelRole, ModelConfig | null>>): Promise<void> {
    await this.catalog.transaction(async (tx) => {
      for (const [role, model] of Object.entries(models) as [DefaultModelRole, ModelConfig | null][]) {
        if (model === null) {
          await tx.run(`DELETE FROM instance_default_models WHERE role = ?`, [role]);
        } else {
          await tx.run(
            `INSERT INTO instance_default_models (role, model_json) VALUES (?, ?)
             ON CONFLICT (role) DO UPDATE SET model_json = EXCLUDED.model_json`,
            [role, JSON.stringify(model)],
          );
        }
      }
    });
  }
}
