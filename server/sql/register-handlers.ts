import type { Databases } from '../engines/catalog';
import type { AgentService } from '../services/agents/agent-service';
import type { AgentRunner } from '../services/agents/runner';
import type { DataSourceService } from '../services/data-sources/service';
import type { SourceSelect } from '../services/data-sources/source-select';
import type { FileService } from '../services/files';
import type { JobService } from '../services/jobs/service';
import type { KbEvaluationService } from '../services/knowledge-bases/evaluate/service';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import type { ProjectService } from '../services/projects';
import type { ViewExpander } from '../services/views/expand';
import type { ViewService } from '../services/views/service';
import { registerAgentHandlers } from './agent-handlers';
import { registerCoreHandlers } from './core-handlers';
import type { EngineSelect } from './engine-select';
import { registerDescribeHandlers } from './describe-handlers';
import { registerEvaluateHandlers } from './evaluate-handlers';
import { registerFallbackHandlers } from './fallback-handlers';
import { registerJobHandlers } from './job-handlers';
import { registerKbTableHandlers } from './kb-table-handlers';
import { registerKnowledgeBaseHandlers } from './kb-handlers';
import { registerMysqlHandlers } from './mysql-handlers';
import type { SqlRouter } from './router';
import { engineStreamer, sourceStreamer } from './select-streamers';
import { registerShowHandlers } from './show-handlers';
import { registerSourceHandlers } from './source-handlers';
import { registerTableHandlers } from './table-handlers';
import { registerUnservedHandlers } from './unserved-handlers';
import type { UserVariables } from './user-variables';
import { registerViewHandlers } from './view-handlers';

/** Every service a SQL statement can reach, built by openServices. */
export interface SqlServices {
  databases: Databases;
  projects: ProjectService;
  files: FileService;
  /** The one runner of plain SELECTs on the data database (CREATE TABLE ... SELECT and INSERT ... SELECT too). */
  engine: EngineSelect;
  views: ViewService;
  viewExpander: ViewExpander;
  jobs: JobService;
  dataSources: DataSourceService;
  sourceSelect: SourceSelect;
  knowledgeBases: KnowledgeBaseService;
  kbEvaluations: KbEvaluationService;
  agents: AgentService;
  agentRunner: AgentRunner;
  /** MySQL's `@name` variables set by SET (the router reads them through sessionValues). */
  userVariables: UserVariables;
}

/**
 * Every SQL handler, in the order the router asks them: for each kind of statement, the first handler that
 * answers wins; the others return undefined and hand the statement on. So a SELECT is answered by the first of:
 *
 * 1. views: a SELECT that reads a view is rewritten (the view's query in its place) and run again;
 * 2. jobs: `project.jobs`, `project.jobs_history`, `log.jobs_history`;
 * 3. data sources: a SELECT that reads a connected database runs there (or across it and the files);
 * 4. MySQL clients' tables: information_schema, a project's empty `models` table;
 * 5. knowledge bases inside a larger SELECT (joined, grouped, in a subquery): searched, then their rows stand
 *    in the query as constants for the SQL engine;
 * 6. knowledge bases: `SELECT ... FROM kb [WHERE content = ...]`, a semantic search;
 * 7. agents: `SELECT answer FROM agent WHERE question = ...`;
 * 8. the SQL engine: anything else (file tables, expressions), behind its table check.
 *
 * The same order decides the other kinds: a data source's DROP DATABASE, USE, SHOW TABLES and DESCRIBE come
 * before a project's; DESCRIBE asks knowledge bases, then agents, and names an unknown object last.
 * Add a handler as one line at the place its statements must be seen.
 *
 * An export (SqlRouter.exportSelect) asks two streamers before these handlers, in this order, so that a large
 * result is written as it is read, with no row limit: the SQL engine, when it reads every table itself; then
 * one data source, when the SELECT is its whole query. Anything else is answered by the handlers above.
 */
export function registerSqlHandlers(router: SqlRouter, s: SqlServices): void {
  registerViewHandlers(router, { views: s.views, expander: s.viewExpander });
  registerJobHandlers(router, { jobs: s.jobs, projects: s.projects, ...s.databases });
  registerSourceHandlers(router, { ...s, sources: s.dataSources, select: s.sourceSelect });
  registerMysqlHandlers(router, s);
  registerTableHandlers(router, { sources: s.dataSources, projects: s.projects });
  registerShowHandlers(router, { views: s.views, sources: s.dataSources });
  registerCoreHandlers(router, { ...s, sources: s.dataSources });
  registerKbTableHandlers(router, { kbs: s.knowledgeBases, engine: s.engine, ...s.databases });
  registerKnowledgeBaseHandlers(router, { kbs: s.knowledgeBases, engine: s.engine });
  registerEvaluateHandlers(router, { evaluations: s.kbEvaluations });
  registerAgentHandlers(router, { agents: s.agents, runner: s.agentRunner });
  registerDescribeHandlers(router, {
    views: s.views,
    jobs: s.jobs,
    projects: s.projects,
    sources: s.dataSources,
  });
  registerUnservedHandlers(router);
  registerFallbackHandlers(router, s);

  router.registerStreamer(engineStreamer(s.engine));
  router.registerStreamer(sourceStreamer({ select: s.sourceSelect, sources: s.dataSources }));
}
