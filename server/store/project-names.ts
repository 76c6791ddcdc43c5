import { projectNotFound } from '../domain/system-databases';
import type { JsonValue, SqlParam } from '../engines/duckdb';
import type { CatalogDb } from '../engines/catalog-db';
import { ConflictError, NotFoundError } from '../errors';

/**
 * One namespace per project, as in MindsDB: a knowledge base, an agent and a view of the same project may not
 * share a name, or `SELECT ... FROM project.name` would reach whichever the lookup tries first. Names compare without
 * regard to case, as MindsDB's do, so `Support` and `support` are the same name.
 *
 * Every kind lives in the catalog database, whose writes pass one at a time through one connection. A create
 * that inserts with `WHERE ${NAME_IS_FREE}` therefore decides in one statement: two creates of one name, or a
 * create racing a drop of the project, cannot both win. Projects hold no tables of their own here (uploaded
 * files are tables of the `files` data source, a namespace of its own). Start-up creates every table named
 * here before any create can run; a further kind joins by adding its table to NAME_IS_FREE and `nameHolder`.
 */
export type ProjectObjectKind = 'knowledge_base' | 'agent' | 'view';

const KIND_LABEL: Record<ProjectObjectKind, string> = {
  knowledge_base: 'a knowledge base',
  agent: 'an agent',
  view: 'a view',
};

/** True when no KB, agent or view of project `?` is named `?` in any case. Bind with `nameIsFreeParams`. */
export const NAME_IS_FREE = `NOT EXISTS (SELECT 1 FROM knowledge_bases WHERE project_id = ? AND lower(name) = lower(?))
  AND NOT EXISTS (SELECT 1 FROM agents WHERE project_id = ? AND lower(name) = lower(?))
  AND NOT EXISTS (SELECT 1 FROM views WHERE project_id = ? AND lower(name) = lower(?))`;

export const nameIsFreeParams = (projectId: number, name: string): SqlParam[] =>
  [1, 2, 3].flatMap(() => [projectId, name]);

/**
 * The row of a project's object named `name`, in any case (as MindsDB matches names); the exact spelling first
 * where an older data folder holds case twins. `select` is the store's SELECT, naming its table `alias`.
 */
export async function selectByName<R = Record<string, JsonValue>>(
  catalog: CatalogDb,
  select: string,
  alias: string,
  projectId: number,
  name: string,
): Promise<R | undefined> {
  const rows = await catalog.select<R>(
    `${select} WHERE ${alias}.project_id = ? AND lower(${alias}.name) = lower(?)
     ORDER BY (${alias}.name = ?) DESC, ${alias}.id LIMIT 1`,
    [projectId, name, name],
  );
  return rows[0];
}

/** True while project `?` exists: a create that loses a race with DROP PROJECT then inserts nothing. */
export const PROJECT_EXISTS = `EXISTS (SELECT 1 FROM projects WHERE id = ?)`;

/** The object that holds a name in a project. */
export interface NameHolder {
  kind: ProjectObjectKind;
  id: number;
  name: string;
}

type Reader = Pick<CatalogDb, 'all'>;

/** Which object of the project holds `name` (in any case), if any; `db` may be a transaction. */
export async function nameHolder(
  db: Reader,
  projectId: number,
  name: string,
): Promise<NameHolder | undefined> {
  const rows = await db.all<{ kind: ProjectObjectKind; id: number; name: string }>(
    `SELECT 'knowledge_base' AS kind, id, name FROM knowledge_bases WHERE project_id = ? AND lower(name) = lower(?)
     UNION ALL
     SELECT 'agent' AS kind, id, name FROM agents WHERE project_id = ? AND lower(name) = lower(?)
     UNION ALL
     SELECT 'view' AS kind, id, name FROM views WHERE project_id = ? AND lower(name) = lower(?)`,
    nameIsFreeParams(projectId, name),
  );
  const row = rows[0];
  return row ? { kind: row.kind, id: Number(row.id), name: String(row.name) } : undefined;
}

const KIND_TITLE: Record<ProjectObjectKind, string> = {
  knowledge_base: 'Knowledge base',
  agent: 'Agent',
  view: 'View',
};

/**
 * The 409 for a name already held, naming the object that holds it: "Agent 'x' already exists" when it is of
 * the kind being created, else which other kind of object has the name.
 */
export function nameTakenError(
  holder: NameHolder,
  creating: ProjectObjectKind,
  project: string,
): ConflictError {
  if (holder.kind === creating) {
    return new ConflictError(
      `${KIND_TITLE[creating]} '${holder.name}' already exists in project '${project}'`,
      'name',
    );
  }
  return new ConflictError(
    `'${holder.name}' is already ${KIND_LABEL[holder.kind]} in project '${project}' (knowledge bases, agents and views of a project share one set of names, in any case)`,
    'name',
  );
}

/**
 * After an insert guarded by NAME_IS_FREE and PROJECT_EXISTS inserted nothing: the error saying why (the
 * project is gone, or which object holds the name).
 */
export async function whyNotInserted(
  db: Reader,
  creating: ProjectObjectKind,
  project: { id: number; name: string },
  name: string,
): Promise<NotFoundError | ConflictError> {
  const projects = await db.all(`SELECT 1 FROM projects WHERE id = ?`, [project.id]);
  if (projects.length === 0) return projectNotFound(project.name);
  const holder = await nameHolder(db, project.id, name);
  if (holder) return nameTakenError(holder, creating, project.name);
  // Neither: the name was freed between the insert and this look-up. Saying "try again" is the honest answer.
  return new ConflictError(
    `'${name}' was being changed in project '${project.name}' at the same time: try again`,
  );
}
