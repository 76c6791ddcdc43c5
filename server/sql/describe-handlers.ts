import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { DATA_SOURCES, SYSTEM_DATABASES } from '../domain/system-databases';
import { SOURCE_ENGINES } from '../engines/sources/connect';
import type { DataSourceService } from '../services/data-sources/service';
import type { JobService } from '../services/jobs/service';
import type { ProjectService } from '../services/projects';
import type { ViewService } from '../services/views/service';
import { objectInProject } from './object-name';
import type { SqlRouter } from './router';
import { HANDLER_COLUMNS, handlerRow } from './show-listings';
import { table } from '../domain/sql';
import { unservedMessage } from '../domain/unserved-features';

/**
 * `DESCRIBE <kind> name` for the kinds besides knowledge bases and agents (whose handlers answer theirs),
 * as MindsDB answers it: the object's row of its information_schema listing (VIEWS, JOBS, DATABASES,
 * HANDLERS). A kind of a feature not offered here is answered with that feature's message.
 */
export function registerDescribeHandlers(
  router: SqlRouter,
  deps: {
    views: Pick<ViewService, 'find'>;
    jobs: Pick<JobService, 'get'>;
    projects: Pick<ProjectService, 'find'>;
    sources: Pick<DataSourceService, 'find'>;
  },
): void {
  router.register('describe', async (s, session) => {
    switch (s.objectType) {
      case 'view': {
        const t = objectInProject(s.name, session, 'view');
        const view = await deps.views.find(t.project, t.name);
        if (!view) throw new NotFoundError(`View '${t.name}' does not exist in project '${t.project}'`);
        return table(['NAME', 'PROJECT', 'QUERY'], [[view.name, t.project, view.query]]);
      }
      case 'job': {
        const t = objectInProject(s.name, session, 'job');
        const job = await deps.jobs.get(t.project, t.name);
        return table(
          [
            'NAME',
            'PROJECT',
            'START_AT',
            'END_AT',
            'NEXT_RUN_AT',
            'SCHEDULE_STR',
            'QUERY',
            'IF_QUERY',
            'VARIABLES',
          ],
          [
            [
              job.name,
              job.project,
              job.start_at,
              job.end_at,
              job.next_run_at,
              job.schedule_str,
              job.query,
              job.if_query,
              null,
            ],
          ],
        );
      }
      case 'project':
      case 'database':
        return table(
          ['NAME', 'TYPE', 'ENGINE', 'CONNECTION_DATA'],
          [await databaseRow(s.name.parts, s.objectType)],
        );
      case 'handler': {
        const name = s.name.parts.join('.').toLowerCase();
        if (!(SOURCE_ENGINES as readonly string[]).includes(name))
          throw new NotFoundError(
            `Handler '${name}' does not exist: use one of ${SOURCE_ENGINES.join(', ')}`,
          );
        return table(HANDLER_COLUMNS, [handlerRow(name)]);
      }
      case 'model':
      case 'ml_engine':
      case 'chatbot':
      case 'skill':
      case 'trigger':
      case 'dataset':
        throw new ValidationError(unservedMessage(s.objectType));
      default:
        return undefined;
    }
  });

  /** A database's row of information_schema.DATABASES: a system database, a project, `files` or a source. */
  async function databaseRow(parts: string[], kind: 'project' | 'database') {
    if (parts.length !== 1) throw new ValidationError(`'${parts.join('.')}' is not a ${kind} name`);
    const [name] = parts;
    const system = SYSTEM_DATABASES.find((d) => d === name.toLowerCase());
    if (system) {
      if (kind === 'project') throw new ConflictError(`'${system}' is a system database, not a project`);
      return [system, 'system', null, null];
    }
    const project = await deps.projects.find(name);
    if (project) return [project.name, 'project', 'mindsdb', null];
    if (kind === 'project') throw new NotFoundError(`Project '${name}' does not exist`);
    const builtIn = DATA_SOURCES.find((d) => d.name === name.toLowerCase());
    if (builtIn) return [builtIn.name, 'data', builtIn.engine, null];
    const source = await deps.sources.find(name);
    if (!source) throw new NotFoundError(`Database '${name}' does not exist`);
    // The source's parameters as its view gives them: secrets masked.
    return [source.name, 'data', source.engine, JSON.stringify(source.parameters)];
  }
}
