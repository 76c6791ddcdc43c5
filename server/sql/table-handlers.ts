import { SYSTEM_DATABASES } from '../domain/system-databases';
import { ValidationError } from '../errors';
import type { DataSourceService } from '../services/data-sources/service';
import { createSourceTable, dropSourceTable, findSourceTable } from '../services/data-sources/tables';
import type { ProjectService } from '../services/projects';
import type { SqlRouter } from './router';
import { ok } from '../domain/sql';

/**
 * CREATE TABLE and DROP TABLE on a connected data source (the same work as the REST routes of a source's
 * tables), and, for every database but `files` (whose handler answers first), the reason a table is not
 * created or dropped there: a project holds views, knowledge bases and agents, a system database is read only.
 */
export function registerTableHandlers(
  router: SqlRouter,
  deps: { sources: DataSourceService; projects: Pick<ProjectService, 'find'> },
): void {
  const { sources } = deps;

  router.register('create_table', async (s, session) => {
    const { db, name } = split(s.name.parts, session.db);
    if (await sources.find(db)) {
      if (s.selectSql === undefined) {
        throw new ValidationError(
          `CREATE TABLE with column definitions is not offered here: create ${db}.${name} from a query (CREATE TABLE ${db}.${name} (SELECT ...)), or in the data source itself`,
        );
      }
      if (s.ifNotExists && !s.replace && (await findSourceTable(sources, db, name))) return ok(0);
      await createSourceTable(
        sources,
        db,
        { name, select: s.selectSql, replace: s.replace },
        sources.timeoutMs,
      );
      return ok(1);
    }
    throw await notHere(db, 'create');
  });

  router.register('drop_table', async (s, session) => {
    const { db, name } = split(s.name.parts, session.db);
    if (await sources.find(db)) {
      if (s.ifExists && !(await findSourceTable(sources, db, name))) return ok(0);
      await dropSourceTable(sources, db, name, sources.timeoutMs);
      return ok(1);
    }
    throw await notHere(db, 'delete');
  });

  /** Why a table cannot be created in or deleted from `db`, in MindsDB's words where it has them. */
  async function notHere(db: string, verb: 'create' | 'delete'): Promise<ValidationError> {
    const where = verb === 'create' ? 'in' : 'from';
    if (SYSTEM_DATABASES.some((d) => d === db.toLowerCase()))
      return new ValidationError(`Cannot ${verb} a table ${where} database '${db}': it is a system database`);
    if (await deps.projects.find(db)) {
      return new ValidationError(
        `Cannot ${verb} a table ${where} database '${db}': it is a project, whose tables are its views, knowledge bases and agents (CREATE | DROP VIEW, KNOWLEDGE_BASE, AGENT); file tables are made in 'files'`,
      );
    }
    return new ValidationError(
      `Cannot ${verb} a table ${where} database '${db}': the database does not exist`,
    );
  }
}

function split(parts: string[], sessionDb: string): { db: string; name: string } {
  if (parts.length > 2)
    throw new ValidationError(`'${parts.join('.')}' names a table as database.table, in two parts`);
  return parts.length === 2 ? { db: parts[0], name: parts[1] } : { db: sessionDb, name: parts[0] };
}
