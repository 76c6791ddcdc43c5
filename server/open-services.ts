import { openDatabases } from './engines/catalog';
import { prepareCatalog } from './store/schema';
import { setOutboundPolicy } from './net/url-guard';
import type { AppDeps } from './routes/app-deps';
import type { HttpSettings, ModelConfig } from './providers/types';
import { openAgents } from './services/agents/index';
import type { RunnerSettings } from './services/agents/runner';
import { AuthService, type AuthConfig } from './services/auth';
import { InstanceDefaults, type DefaultModels } from './services/instance-defaults';
import { BUILT_IN_EMBEDDING } from './services/knowledge-bases/service-deps';
import { agentTablesOf } from './services/data-sources/agent-tables';
import { DataSourceService } from './services/data-sources/service';
import { SourceSelect } from './services/data-sources/source-select';
import { createDemo, isFreshDataDir } from './services/demo/index';
import { FileService } from './services/files';
import { forgetCopiedDefaultKeys } from './services/knowledge-bases/forget-default-key';
import { openJobs } from './services/jobs/index';
import type { SchedulerOptions } from './services/jobs/scheduler';
import { openKbEvaluations } from './services/knowledge-bases/evaluate/index';
import { openKnowledgeBases } from './services/knowledge-bases/index';
import { ProjectService } from './services/projects';
import { EngineSelect } from './sql/engine-select';
import { registerSqlHandlers } from './sql/register-handlers';
import { SqlRouter } from './sql/router';
import { sessionValues } from './sql/session-values';
import { UserVariables } from './sql/user-variables';
import { openViews } from './services/views';
import type { StorageOptions } from './engines/vector-location';
import { heartbeatOf, stopHeartbeat } from './store/run-liveness';

export const VERSION = '0.1.0';

/** A user's SELECT that runs longer than this is interrupted, so that it cannot hold up everyone else's. */
export const DEFAULT_SQL_TIMEOUT_MS = 60_000;

export interface ServiceOptions {
  dataDir: string;
  auth?: AuthConfig;
  staticDir?: string;
  apiUrl?: string;
  log?: (err: unknown) => void;
  /** The model used when an agent names none (flags and environment); `local` when unset. */
  defaultModel?: ModelConfig;
  /** Model base URLs may point at private network ranges (see `net/address-policy.ts`). */
  allowPrivateModelUrls?: boolean;
  /** Step and time limits of agent runs, and the providers' HTTP timeouts and retries (tests shorten them). */
  agentSettings?: Partial<RunnerSettings>;
  /** How long a user's SELECT may run on the SQL engine before it is stopped (default 60 s). */
  sqlTimeoutMs?: number;
  /** How long connecting to a data source may take (default 10 s; tests shorten it). */
  sourceConnectTimeoutMs?: number;
  /** Timeouts and retries of the knowledge bases' model providers (tests shorten them). */
  providerHttp?: Partial<HttpSettings>;
  /** Receives one line per agent run (trace id and history size, never content or keys). */
  agentLog?: (line: string) => void;
  /** Create the demo (help articles, knowledge base, agent) when the data folder is new. */
  demo?: boolean;
  /** The job scheduler's tick and clock (tests drive them). */
  jobs?: SchedulerOptions;
  /** The catalog on a PostgreSQL server instead of the data folder's DuckDB file (see docs/scaling.md). */
  catalogUrl?: string;
  /** The vector tables in a folder several servers share (with `catalogUrl`) instead of `<dataDir>/vectors`. */
  vectorsDir?: string;
  /** The vector tables in object storage (`s3://`, `gs://`, `az://`; with `catalogUrl`) instead. */
  vectorsUri?: string;
  /** LanceDB's storage options for `vectorsUri`: credentials are kept out of every message. */
  vectorsStorageOptions?: StorageOptions;
  /** Memory for knowledge bases' in-memory search copies, in megabytes (0: off; default 1024). */
  searchMemoryMb?: number;
  /** MindsDB's `knowledge_bases.disable_autobatch` (see KnowledgeBaseServiceDeps). */
  disableKbAutobatch?: boolean;
}

/**
 * Opens the engines in a data folder, builds every service on them and wires them together: the only place
 * that does. The SQL handlers are registered once all services exist, in the order of sql/register-handlers.ts;
 * the answer's `close()` closes everything this opened.
 */
export async function openServices(options: ServiceOptions): Promise<AppDeps> {
  const fresh = isFreshDataDir(options.dataDir, options.catalogUrl !== undefined);
  const databases = await openDatabases(options.dataDir, {
    queryTimeoutMs: options.sqlTimeoutMs ?? DEFAULT_SQL_TIMEOUT_MS,
    catalogUrl: options.catalogUrl,
  });
  await prepareCatalog(databases.catalog);
  // On a shared catalog: beats for this server's runs, and marks those of servers that died mid-run.
  heartbeatOf(databases.catalog, (err) =>
    options.log?.(`Could not tell the catalog that this server's runs go on: ${(err as Error).message}`),
  );
  const projects = new ProjectService(databases.catalog);
  await projects.ensureDefault();
  const auth = new AuthService(databases.catalog, options.auth);
  await auth.load();
  const files = new FileService(databases.data, databases.uploadStaging);
  const userVariables = new UserVariables();
  const sql = new SqlRouter(options.log, (session) => sessionValues(session, userVariables));
  const engine = new EngineSelect(databases.data, projects);
  const dataSources = new DataSourceService(
    databases.catalog,
    projects,
    options.sqlTimeoutMs ?? DEFAULT_SQL_TIMEOUT_MS,
    options.sourceConnectTimeoutMs,
  );
  const views = await openViews({
    databases,
    projects,
    sql,
    sourceNames: () => dataSources.names(),
  });
  const jobs = await openJobs({ databases, projects, sql }, { log: options.log, ...options.jobs });
  // The outbound address policy is process-wide: every model call checks the address it connects to.
  setOutboundPolicy({ allowPrivate: options.allowPrivateModelUrls ?? false });
  const instanceDefaults = new InstanceDefaults(
    databases.catalog,
    defaultModelsAtStart(options.defaultModel),
  );
  const kbs = await openKnowledgeBases(
    { databases, projects },
    {
      currentDefaults: async () => {
        const now = await instanceDefaults.current();
        return { embedding: now.default_embedding_model, reranking: now.default_reranking_model };
      },
      providerOptions: {
        ...(options.providerHttp ? { http: options.providerHttp } : {}),
        ...(options.defaultModel ? { defaults: options.defaultModel } : {}),
      },
      log: (m) => options.log?.(m),
      sharedVectors: sharedVectorsOf(options),
      searchMemoryMb: options.searchMemoryMb,
      disableAutobatch: options.disableKbAutobatch,
    },
  );
  const forgotten = await forgetCopiedDefaultKeys(kbs.knowledgeBases, projects, options.defaultModel);
  if (forgotten.length)
    options.log?.(`Removed stored copies of the default API key from: ${forgotten.join(', ')}`);
  const agents = await openAgents(
    { databases, projects, files, sql, external: agentTablesOf(dataSources) },
    {
      defaultModel: options.defaultModel,
      currentDefault: async () => (await instanceDefaults.current()).default_llm,
      settings: options.agentSettings,
      log: options.agentLog,
    },
  );
  const kbEvaluations = await openKbEvaluations({
    databases,
    knowledgeBases: kbs.knowledgeBases,
    files,
    sql,
  });
  registerSqlHandlers(sql, {
    databases,
    projects,
    files,
    engine,
    ...views,
    jobs: jobs.jobs,
    dataSources,
    sourceSelect: new SourceSelect(dataSources, databases.data, projects),
    knowledgeBases: kbs.knowledgeBases,
    kbEvaluations,
    ...agents,
    userVariables,
  });
  // Last, so that every SQL handler the demo's statements need is registered.
  if (options.demo && fresh) await createDemo({ sql, files, agents: agents.agents }, (m) => options.log?.(m));
  return {
    ...agents,
    knowledgeBases: kbs.knowledgeBases,
    kbEvaluations,
    dataSources,
    views: views.views,
    ...jobs,
    version: VERSION,
    databases,
    projects,
    auth,
    instanceDefaults,
    files,
    sql,
    staticDir: options.staticDir,
    apiUrl: options.apiUrl,
    // The HTTP server (and with it the job scheduler) closes first: see main.ts and the test harness.
    close: async () => {
      await kbs.knowledgeBases.closeBackgroundInserts();
      await dataSources.close();
      await kbs.vectorStore.close();
      stopHeartbeat(databases.catalog);
      databases.close();
    },
  };
}

/** The vector tables' shared location, if any: object storage wins over a folder (config refuses both). */
function sharedVectorsOf(options: ServiceOptions) {
  if (options.vectorsUri)
    return { location: options.vectorsUri, storageOptions: options.vectorsStorageOptions };
  return options.vectorsDir ? { location: options.vectorsDir } : undefined;
}

/**
 * The default models the start flags give: the chat model as given (key included: shown masked, never handed
 * out, see InstanceDefaults); an embedding model of the same provider (its own embedding model: the chat
 * model's name would not embed), or the built-in local one; no reranking model.
 */
function defaultModelsAtStart(model: ModelConfig | undefined): DefaultModels {
  return {
    default_llm: model ?? { provider: 'local' },
    default_embedding_model:
      model && model.provider !== 'local' ? { provider: model.provider } : { ...BUILT_IN_EMBEDDING },
    default_reranking_model: null,
  };
}
