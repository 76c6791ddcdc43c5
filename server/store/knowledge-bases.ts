import type { JsonValue } from '../engines/duckdb';
import type { CatalogDb } from '../engines/catalog-db';
import { projectNotFound } from '../domain/system-databases';
import type { KbSettings } from '../domain/knowledge-bases';
import type {
  KnowledgeBase,
  KnowledgeBaseParams,
  ModelConfig,
  Preprocessing,
} from '../domain/knowledge-bases';
import { formatTimestamp, normalizeTimestamp } from '../util/time';
import {
  NAME_IS_FREE,
  nameIsFreeParams,
  PROJECT_EXISTS,
  selectByName,
  whyNotInserted,
} from './project-names';
import { ProjectStore } from './projects';

/** The vector table of a KB is named after its id, never its name: names change meaning, ids do not. */
export const vectorTableOf = (id: number) => `kb_${id}`;
export const VECTOR_TABLE_PATTERN = /^kb_(\d+)$/;

const SELECT = `SELECT k.id, k.name, k.project_id, p.name AS project_name, k.vector_table,
    strftime(k.created_at, '%Y-%m-%d %H:%M:%S.%f') AS created_at,
    strftime(k.updated_at, '%Y-%m-%d %H:%M:%S.%f') AS updated_at,
    k.embedding_model, k.reranking_model, k.metadata_columns, k.content_columns, k.id_column, k.preprocessing,
    k.created_embedding_model
  FROM knowledge_bases k JOIN projects p ON p.id = k.project_id`;

interface Row {
  id: number;
  name: string;
  project_id: number;
  project_name: string;
  vector_table: string;
  created_at: string;
  updated_at: string;
  embedding_model: string;
  reranking_model: string | null;
  metadata_columns: string | null;
  content_columns: string;
  id_column: string;
  preprocessing: string | null;
  created_embedding_model: string;
}

/** A catalog row with everything parsed; `kb` is the API object (unmasked). */
export interface StoredKb {
  kb: KnowledgeBase;
  projectName: string;
  settings: KbSettings;
}

function parse<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function toStored(row: Row): StoredKb {
  const settings: KbSettings = {
    embedding_model: JSON.parse(row.embedding_model) as ModelConfig,
    reranking_model: parse<ModelConfig>(row.reranking_model),
    metadata_columns: parse<string[]>(row.metadata_columns),
    content_columns: JSON.parse(row.content_columns) as string[],
    id_column: row.id_column,
    preprocessing: parse<Preprocessing>(row.preprocessing),
  };
  const params: KnowledgeBaseParams = { created_embedding_model: row.created_embedding_model };
  if (settings.preprocessing) params.preprocessing = settings.preprocessing;
  const kb: KnowledgeBase = {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    vector_database: 'lancedb',
    vector_database_table: row.vector_table,
    created_at: normalizeTimestamp(row.created_at) ?? row.created_at,
    updated_at: normalizeTimestamp(row.updated_at) ?? row.updated_at,
    query_id: null,
    embedding_model: settings.embedding_model,
    reranking_model: settings.reranking_model,
    metadata_columns: settings.metadata_columns,
    content_columns: settings.content_columns,
    id_column: settings.id_column,
    params,
  };
  return { kb, projectName: row.project_name, settings };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The settings' columns, in table order: embedding_model to preprocessing. */
const settingsColumns = (settings: KbSettings) => [
  JSON.stringify(settings.embedding_model),
  json(settings.reranking_model),
  json(settings.metadata_columns),
  JSON.stringify(settings.content_columns),
  settings.id_column,
  json(settings.preprocessing),
];

/**
 * Ids come from the catalog's shared sequence (store/projects.ts), so a dropped KB's id, and the vector table
 * named after it, is never reused.
 */
export const KNOWLEDGE_BASES_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS knowledge_bases (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL,
    name VARCHAR NOT NULL,
    vector_table VARCHAR NOT NULL,
    embedding_model VARCHAR NOT NULL,
    reranking_model VARCHAR,
    metadata_columns VARCHAR,
    content_columns VARCHAR NOT NULL,
    id_column VARCHAR NOT NULL,
    preprocessing VARCHAR,
    created_embedding_model VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (project_id, name)
  )`,
];

/** Knowledge-base rows in the catalog database (which also holds `projects`). */
export class KbCatalog {
  private readonly projects: ProjectStore;

  constructor(private readonly db: CatalogDb) {
    this.projects = new ProjectStore(db);
  }

  /** Other servers change these rows too: see `CatalogDb.shared`. */
  get shared(): boolean {
    return this.db.shared;
  }

  /** The id of a project named in any case (the exact spelling first). */
  async projectId(project: string): Promise<number> {
    const found = await this.projects.find(project);
    if (!found) throw projectNotFound(project);
    return Number(found.id);
  }

  /** Every knowledge base's name, lower-cased, in any project: whether a query may name one at all. */
  async names(): Promise<Set<string>> {
    const rows = await this.db.select<{ name: string }>(
      `SELECT DISTINCT lower(name) AS name FROM knowledge_bases`,
    );
    return new Set(rows.map((r) => r.name));
  }

  async list(projectId?: number): Promise<StoredKb[]> {
    const rows =
      projectId === undefined
        ? await this.db.select<Row>(`${SELECT} ORDER BY k.id`)
        : await this.db.select<Row>(`${SELECT} WHERE k.project_id = ? ORDER BY k.id`, [projectId]);
    return rows.map(toStored);
  }

  async find(projectId: number, name: string): Promise<StoredKb | undefined> {
    const row = await selectByName<Row>(this.db, SELECT, 'k', projectId, name);
    return row ? toStored(row) : undefined;
  }

  /**
   * Inserts a row and returns its id, unless the project's name is taken (by a KB or an agent, in any case)
   * or the project is gone: then it inserts nothing and throws the 409 or 404 that says so. One statement
   * decides, so a create racing another create of the name, or DROP PROJECT, cannot leave a row behind.
   */
  async insert(project: { id: number; name: string }, name: string, settings: KbSettings): Promise<number> {
    const [{ id }] = await this.db.all<{ id: number }>(`SELECT nextval('object_ids') AS id`);
    const now = formatTimestamp();
    const { rows } = await this.db.query(
      `INSERT INTO knowledge_bases
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP)
       WHERE ${PROJECT_EXISTS} AND ${NAME_IS_FREE} RETURNING id`,
      [
        Number(id),
        project.id,
        name,
        vectorTableOf(Number(id)),
        ...settingsColumns(settings),
        settings.embedding_model.model_name ?? settings.embedding_model.provider,
        now,
        now,
        project.id,
        ...nameIsFreeParams(project.id, name),
      ],
    );
    if (rows.length === 0) throw await whyNotInserted(this.db, 'knowledge_base', project, name);
    return Number(id);
  }

  async update(id: number, settings: KbSettings): Promise<void> {
    await this.db.run(
      `UPDATE knowledge_bases SET embedding_model = ?, reranking_model = ?, metadata_columns = ?,
         content_columns = ?, id_column = ?, preprocessing = ?, updated_at = CAST(? AS TIMESTAMP) WHERE id = ?`,
      [...settingsColumns(settings), formatTimestamp(), id],
    );
  }

  async delete(id: number): Promise<void> {
    await this.db.run(`DELETE FROM knowledge_bases WHERE id = ?`, [id]);
  }

  /** Deletes every row of a project; returns what was deleted, whose vector tables are to be dropped. */
  async deleteProject(projectId: number): Promise<{ id: number; vector_table: string }[]> {
    const { rows } = await this.db.query(
      `DELETE FROM knowledge_bases WHERE project_id = ? RETURNING id, vector_table`,
      [projectId],
    );
    return rows.map(([id, table]) => ({ id: Number(id), vector_table: String(table) }));
  }

  /** Vector table names that a catalog row owns. */
  async vectorTables(): Promise<Set<string>> {
    const rows = await this.db.all<{ vector_table: JsonValue }>(`SELECT vector_table FROM knowledge_bases`);
    return new Set(rows.map((r) => String(r.vector_table)));
  }

  /** Rows whose project no longer exists (a project dropped by a version that did not clean up). */
  async orphanRows(): Promise<{ id: number; vector_table: string }[]> {
    return this.db.all<{ id: number; vector_table: string }>(
      `SELECT id, vector_table FROM knowledge_bases WHERE project_id NOT IN (SELECT id FROM projects)`,
    );
  }
}
