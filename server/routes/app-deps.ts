import type { Databases } from '../engines/catalog';
import type { AgentService } from '../services/agents/agent-service';
import type { RunLog } from '../services/agents/run-log';
import type { AgentRunner } from '../services/agents/runner';
import type { AuthService } from '../services/auth';
import type { InstanceDefaults } from '../services/instance-defaults';
import type { DataSourceService } from '../services/data-sources/service';
import type { FileService } from '../services/files';
import type { JobScheduler } from '../services/jobs/scheduler';
import type { JobService } from '../services/jobs/service';
import type { KbEvaluationService } from '../services/knowledge-bases/evaluate/service';
import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import type { ProjectService } from '../services/projects';
import type { SqlRouter } from '../sql/router';
import type { ViewService } from '../services/views/service';

/** Everything the HTTP layer needs, built by `openServices` (or by a test). */
export interface AppDeps {
  version: string;
  databases: Databases;
  projects: ProjectService;
  auth: AuthService;
  /** The default chat, embedding and reranking models (`/api/config`). */
  instanceDefaults: InstanceDefaults;
  files: FileService;
  sql: SqlRouter;
  agents: AgentService;
  agentRunner: AgentRunner;
  /** Recent agent runs: what reached the model, by trace id. */
  agentRuns: RunLog;
  knowledgeBases: KnowledgeBaseService;
  kbEvaluations: KbEvaluationService;
  /** External databases connected with CREATE DATABASE ... WITH ENGINE. */
  dataSources: DataSourceService;
  /** Saved SELECTs of projects, queryable like tables. */
  views: ViewService;
  /** Scheduled statements of projects, and the scheduler that runs them. */
  jobs: JobService;
  jobScheduler: JobScheduler;
  /** Folder with the built console; when missing, `/` answers a short note instead. */
  staticDir?: string;
  /** Forward /api to another instance instead of answering it here. */
  apiUrl?: string;
  /** Closes what `openServices` opened: data-source connections, the vector store, the databases. */
  close(): Promise<void>;
}
