import type { Databases } from '../../engines/catalog';
import type { FileService } from '../files';
import type { ProjectService } from '../projects';
import type { SqlRunner } from '../../domain/sql';
import { AgentService } from './agent-service';
import { DataResolver, type ExternalTables } from './resolve';
import { RunLog } from './run-log';
import { AgentRunner, DEFAULT_RUNNER_SETTINGS, type RunnerSettings } from './runner';
import { AgentStore } from '../../store/agents';
import type { DefaultModel } from '../../domain/agents';
import type { ModelConfig } from '../../providers/types';

export interface AgentOptions {
  /** The operator's default from the start flags (its key is added at run time, never stored). */
  defaultModel?: DefaultModel;
  /** The instance's default chat model now, for new agents (services/instance-defaults.ts). */
  currentDefault?: () => Promise<ModelConfig>;
  settings?: Partial<RunnerSettings>;
  /** Receives one line per run (trace id, history size): main.ts prints it. */
  log?: (line: string) => void;
}

export interface Agents {
  agents: AgentService;
  agentRunner: AgentRunner;
  agentRuns: RunLog;
}

/** Builds the agent services and registers them with the project tree. */
export async function openAgents(
  deps: {
    databases: Databases;
    projects: ProjectService;
    files: FileService;
    sql: SqlRunner;
    external?: ExternalTables;
  },
  options: AgentOptions = {},
): Promise<Agents> {
  const store = new AgentStore(deps.databases.catalog);
  const resolver = new DataResolver(deps.projects, deps.files, deps.external);
  const agents = new AgentService(
    store,
    deps.projects,
    resolver,
    options.defaultModel ?? { provider: 'local' },
    options.currentDefault,
  );
  deps.projects.addObjectSource(agents);
  const agentRuns = new RunLog(options.log);
  const agentRunner = new AgentRunner({
    agents,
    resolver,
    sql: deps.sql,
    data: deps.databases.data,
    runLog: agentRuns,
    settings: { ...DEFAULT_RUNNER_SETTINGS, ...options.settings },
  });
  return { agents, agentRunner, agentRuns };
}
