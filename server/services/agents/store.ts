import type { DuckDb, JsonValue } from '../../engines/duckdb';
import { formatTimestamp, normalizeTimestamp } from '../../util/time';
import type { AgentData, AgentRecord } from './types';

const SELECT = `SELECT a.id, a.name, p.name AS project, a.project_id, a.model, a.data, a.prompt_template,
  strftime(a.created_at, '%Y-%m-%d %H:%M:%S.%f') AS created_at,
  strftime(a.updated_at, '%Y-%m-%d %H:%M:%S.%f') AS updated_at
  FROM agents a JOIN projects p ON p.id = a.project_id`;

type Row = Record<string, JsonValue>;

function toRecord(row: Row): AgentRecord {
  const data = JSON.parse(String(row.data)) as Partial<AgentData>;
  return {
    id: Number(row.id),
    name: String(row.name),
    project: String(row.project),
    project_id: Number(row.project_id),
    model: JSON.parse(String(row.model)),
    data: { knowledge_bases: data.knowledge_bases ?? [], tables: data.tables ?? [] },
    prompt_template: row.prompt_template === null ? null : String(row.prompt_template),
    created_at: normalizeTimestamp(row.created_at) ?? '',
    updated_at: normalizeTimestamp(row.updated_at) ?? '',
  };
}

/** The `agents` table of the catalog: one row per agent, model and data kept as JSON text. */
export class AgentStore {
  constructor(private readonly catalog: DuckDb) {}

  async ensureSchema(): Promise<void> {
    await this.catalog.run(`CREATE TABLE IF NOT EXISTS agents (
      id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, name VARCHAR NOT NULL,
      model VARCHAR NOT NULL, data VARCHAR NOT NULL, prompt_template VARCHAR,
      created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`);
  }

  async list(projectId: number): Promise<AgentRecord[]> {
    const rows = await this.catalog.select(`${SELECT} WHERE a.project_id = ? ORDER BY a.id`, [projectId]);
    return rows.map(toRecord);
  }

  async find(projectId: number, name: string): Promise<AgentRecord | undefined> {
    const rows = await this.catalog.select(`${SELECT} WHERE a.project_id = ? AND a.name = ?`, [
      projectId,
      name,
    ]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Inserts unless the name is taken, in one statement so that two concurrent creates cannot both win. */
  async insert(a: Omit<AgentRecord, 'id' | 'project' | 'created_at' | 'updated_at'>): Promise<boolean> {
    const now = formatTimestamp();
    const { rows } = await this.catalog.query(
      `INSERT INTO agents SELECT nextval('object_ids'), ?, ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP)
       WHERE NOT EXISTS (SELECT 1 FROM agents WHERE project_id = ? AND name = ?) RETURNING id`,
      [
        a.project_id,
        a.name,
        JSON.stringify(a.model),
        JSON.stringify(a.data),
        a.prompt_template,
        now,
        now,
        a.project_id,
        a.name,
      ],
    );
    return rows.length > 0;
  }

  async update(a: AgentRecord): Promise<void> {
    await this.catalog.run(
      `UPDATE agents SET name = ?, model = ?, data = ?, prompt_template = ?, updated_at = CAST(? AS TIMESTAMP) WHERE id = ?`,
      [a.name, JSON.stringify(a.model), JSON.stringify(a.data), a.prompt_template, formatTimestamp(), a.id],
    );
  }

  async remove(id: number): Promise<void> {
    await this.catalog.run(`DELETE FROM agents WHERE id = ?`, [id]);
  }

  async removeProject(projectId: number): Promise<void> {
    await this.catalog.run(`DELETE FROM agents WHERE project_id = ?`, [projectId]);
  }
}
