import type { JsonValue } from '../engines/duckdb';
import type { CatalogDb } from '../engines/catalog-db';
import { formatTimestamp, normalizeTimestamp } from '../util/time';
import { NotFoundError } from '../errors';
import {
  NAME_IS_FREE,
  nameIsFreeParams,
  PROJECT_EXISTS,
  selectByName,
  whyNotInserted,
  type ProjectObjectKind,
} from './project-names';
import type { AgentData, AgentRecord } from '../domain/agents';

const SELECT = `SELECT a.id, a.name, p.name AS project, a.project_id, a.model, a.data, a.prompt_template, a.params,
  strftime(a.created_at, '%Y-%m-%d %H:%M:%S.%f') AS created_at,
  strftime(a.updated_at, '%Y-%m-%d %H:%M:%S.%f') AS updated_at
  FROM agents a JOIN projects p ON p.id = a.project_id`;

type Row = Record<string, JsonValue>;
type Reader = Pick<CatalogDb, 'all'>;
type NewAgent = Omit<AgentRecord, 'id' | 'project' | 'created_at' | 'updated_at'>;

/**
 * A change's new `updated_at`: now, but always later than the old one, even for two changes within one
 * millisecond, because the agent's ETag is made from it and two versions must never share an ETag.
 */
const NEXT_UPDATED_AT = `GREATEST(CAST(? AS TIMESTAMP), updated_at + INTERVAL '1 microsecond')`;

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
    params: row.params === null || row.params === undefined ? {} : JSON.parse(String(row.params)),
    created_at: normalizeTimestamp(row.created_at) ?? '',
    updated_at: normalizeTimestamp(row.updated_at) ?? '',
  };
}

export const AGENTS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS agents (
    id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, name VARCHAR NOT NULL,
    model VARCHAR NOT NULL, data VARCHAR NOT NULL, prompt_template VARCHAR,
    created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`,
  // Added after the first release: data folders made before it gain the column, empty.
  `ALTER TABLE agents ADD COLUMN IF NOT EXISTS params VARCHAR`,
];

/** At start-up: agents whose project is gone (a drop interrupted between its steps). */
export const AGENTS_TIDY = [`DELETE FROM agents WHERE project_id NOT IN (SELECT id FROM projects)`];

/** The `agents` table of the catalog: one row per agent, model and data kept as JSON text. */
export class AgentStore {
  constructor(private readonly catalog: CatalogDb) {}

  async list(projectId: number): Promise<AgentRecord[]> {
    const rows = await this.catalog.select(`${SELECT} WHERE a.project_id = ? ORDER BY a.id`, [projectId]);
    return rows.map(toRecord);
  }

  async find(projectId: number, name: string): Promise<AgentRecord | undefined> {
    const row = await selectByName(this.catalog, SELECT, 'a', projectId, name);
    return row ? toRecord(row) : undefined;
  }

  /**
   * Inserts unless the project's name is taken (by an agent or a knowledge base, in any case) or the project
   * is gone, in one statement so that two concurrent creates, or a create racing DROP PROJECT, cannot both win.
   */
  async insert(a: NewAgent): Promise<boolean> {
    const now = formatTimestamp();
    const { rows } = await this.catalog.query(
      `INSERT INTO agents (id, project_id, name, model, data, prompt_template, created_at, updated_at, params)
       SELECT nextval('object_ids'), ?, ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), ?
       WHERE ${PROJECT_EXISTS} AND ${NAME_IS_FREE} RETURNING id`,
      [
        a.project_id,
        a.name,
        JSON.stringify(a.model),
        JSON.stringify(a.data),
        a.prompt_template,
        now,
        now,
        JSON.stringify(a.params),
        a.project_id,
        ...nameIsFreeParams(a.project_id, a.name),
      ],
    );
    return rows.length > 0;
  }

  /** Why `insert` inserted nothing: the project is gone (404) or which object holds the name (409). */
  whyNotInserted(project: { id: number; name: string }, name: string, creating: ProjectObjectKind = 'agent') {
    return whyNotInserted(this.catalog, creating, project, name);
  }

  /**
   * Read-modify-write of one agent in one catalog transaction: `change` gets the agent as it is now and returns
   * what it should become (or throws, and nothing changes). No other write to the catalog runs in between,
   * so two updates of different fields both land, and a check of the version the client read (If-Match) is
   * made against the version that is replaced. Returns the agent as saved. `change` must read the catalog only
   * through `tx`: the catalog's write queue is held until it returns, so any other call on it would wait
   * forever. Checks that need other services (the tables it names, model addresses) belong before the call.
   */
  async modify(
    id: number,
    change: (current: AgentRecord, tx: Reader) => AgentRecord | Promise<AgentRecord>,
  ): Promise<AgentRecord> {
    return this.catalog.transaction(async (tx) => {
      const current = await tx.all<Row>(`${SELECT} WHERE a.id = ?`, [id]);
      if (!current[0]) throw new NotFoundError(`The agent was dropped while it was being changed`);
      const next = await change(toRecord(current[0]), tx);
      await tx.run(
        `UPDATE agents SET name = ?, model = ?, data = ?, prompt_template = ?, params = ?, updated_at = ${NEXT_UPDATED_AT} WHERE id = ?`,
        [
          next.name,
          JSON.stringify(next.model),
          JSON.stringify(next.data),
          next.prompt_template,
          JSON.stringify(next.params),
          formatTimestamp(),
          id,
        ],
      );
      const saved = await tx.all<Row>(`${SELECT} WHERE a.id = ?`, [id]);
      return toRecord(saved[0]);
    });
  }

  async remove(id: number): Promise<void> {
    await this.catalog.run(`DELETE FROM agents WHERE id = ?`, [id]);
  }

  async removeProject(projectId: number): Promise<void> {
    await this.catalog.run(`DELETE FROM agents WHERE project_id = ?`, [projectId]);
  }
}
