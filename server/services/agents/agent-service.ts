import { agentEtag, STALE_VERSION_FIELD } from '../../../protocol/api/agents';
import { objectNamePattern } from '../../../protocol/api/files';
import { CHAT_PROVIDERS, isChatProvider } from '../../providers/chat/index';
import { LOCAL_CHAT_MODEL } from '../../providers/chat/local/index';
import { OPENAI_DEFAULT_CHAT_MODEL } from '../../providers/chat/openai';
import type { ModelConfig } from '../../providers/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { checkModelAddress, mergeModelConfig, withDefaultCredentials } from '../model-config';
import { ifMatchAllows } from '../../util/if-match';
import { nameHolder, nameTakenError } from '../../store/project-names';
import type { Project, ProjectObjectSource, ProjectService } from '../projects';
import { ProjectObjects } from '../project-objects';
import type { DataResolver } from './resolve';
import type { AgentStore } from '../../store/agents';
import type { AgentChanges, AgentData, AgentRecord, DefaultModel } from '../../domain/agents';

const FALLBACK_MODEL_NAME: Record<string, string | undefined> = {
  local: LOCAL_CHAT_MODEL,
  openai: OPENAI_DEFAULT_CHAT_MODEL,
};

/** Agents of a project: the catalog rows, their rules (names, models, data), and the tree's view of them. */
/**
 * An agent's params after a change, as MindsDB updates them: the given keys replace the kept ones, the rest
 * stay, and a key given as null is removed.
 */
function mergeParams(current: Record<string, unknown>, given: Record<string, unknown> = {}) {
  const merged: Record<string, unknown> = { ...current, ...given };
  for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
  return merged;
}

export class AgentService implements ProjectObjectSource {
  private readonly objects: ProjectObjects<AgentRecord>;
  constructor(
    private readonly store: AgentStore,
    private readonly projects: ProjectService,
    private readonly resolver: DataResolver,
    /** The operator's default from the start flags: its key is added at run time (`runtimeModel`). */
    private readonly defaultModel: DefaultModel,
    /** The instance's default chat model now (`PUT /api/config` or the flags): what a new agent is given. */
    private readonly currentDefault: () => Promise<ModelConfig> = async () => ({
      provider: defaultModel.provider,
      ...(defaultModel.model_name ? { model_name: defaultModel.model_name } : {}),
    }),
  ) {
    this.objects = new ProjectObjects(projects, store, 'Agent');
  }

  async listObjects(project: string) {
    return (await this.list(project)).map((a) => ({ name: a.name, type: 'agent' as const }));
  }

  /** Called once the project's row is gone, so no agent can be created in it any more (see AgentStore.insert). */
  async dropProjectObjects(project: Project): Promise<void> {
    await this.objects.dropProject(project);
  }

  async list(project: string): Promise<AgentRecord[]> {
    return this.objects.list(project);
  }

  async find(project: string, name: string): Promise<AgentRecord | undefined> {
    return this.objects.find(project, name);
  }

  async get(project: string, name: string): Promise<AgentRecord> {
    const { id } = await this.projects.get(project);
    const agent = await this.store.find(id, name);
    if (!agent) throw this.notFound(project, name);
    return agent;
  }

  private notFound(project: string, name: string): NotFoundError {
    return this.objects.notFound(project, name);
  }

  async create(project: string, changes: AgentChanges, { ifNotExists = false } = {}) {
    const found = await this.projects.get(project);
    const name = changes.name ?? '';
    this.checkName(name);
    await checkModelAddress(changes.model, 'model');
    if (ifNotExists && (await this.store.find(found.id, name))) return undefined;
    const data = await this.buildData(project, changes.data);
    const record = {
      project_id: found.id,
      name,
      model: this.buildModel(await this.currentDefault(), changes.model),
      data,
      prompt_template: changes.prompt_template ?? null,
      params: mergeParams({}, changes.params),
    };
    if (!(await this.store.insert(record))) {
      if (ifNotExists && (await this.store.find(found.id, name))) return undefined;
      throw await this.store.whyNotInserted(found, name);
    }
    return this.get(project, name);
  }

  /**
   * Changes only what is given: a model with just `api_key` keeps its provider and model name. The given
   * fields are checked first; then they are applied to the agent as it is at that moment, in one catalog
   * transaction, so that a concurrent update of other fields is kept. With `ifMatch` (the ETag the client
   * read), a change to an agent that has changed since is refused with a 409.
   */
  async update(
    project: string,
    name: string,
    changes: AgentChanges,
    { ifMatch }: { ifMatch?: string } = {},
  ): Promise<AgentRecord> {
    const agent = await this.get(project, name);
    const rename = changes.name !== undefined && changes.name !== name ? changes.name : undefined;
    if (rename !== undefined) this.checkName(rename);
    await checkModelAddress(changes.model, 'model');
    const data = changes.data ? await this.checkData(project, changes.data) : undefined;
    const fallback = await this.currentDefault();
    return this.store.modify(agent.id, async (current, tx) => {
      if (current.name !== name) throw this.notFound(project, name);
      const etag = agentEtag(current)!;
      if (ifMatch !== undefined && !ifMatchAllows(ifMatch, etag)) {
        throw new ConflictError(
          `Agent '${name}' was changed elsewhere after it was read (If-Match ${ifMatch.slice(0, 60)}, now ${etag}): reload it to see the latest version, then apply the change again`,
          STALE_VERSION_FIELD,
        );
      }
      const next = { ...current };
      if (rename !== undefined) {
        const holder = await nameHolder(tx, current.project_id, rename);
        if (holder && !(holder.kind === 'agent' && holder.id === current.id)) {
          throw nameTakenError(holder, 'agent', project);
        }
        next.name = rename;
      }
      if (changes.model) next.model = this.buildModel(fallback, changes.model, current.model);
      if (data) {
        next.data = {
          knowledge_bases: data.knowledge_bases ?? current.data.knowledge_bases,
          tables: data.tables ?? current.data.tables,
        };
      }
      if (changes.prompt_template !== undefined) next.prompt_template = changes.prompt_template;
      if (changes.params !== undefined) next.params = mergeParams(current.params, changes.params);
      return next;
    });
  }

  async drop(project: string, name: string, { ifExists = false } = {}): Promise<boolean> {
    const agent = ifExists ? await this.find(project, name) : await this.get(project, name);
    if (!agent) return false;
    await this.store.remove(agent.id);
    return true;
  }

  /** The model a run uses: the stored one, with the default's key only if it goes to the default's address. */
  runtimeModel(agent: AgentRecord): ModelConfig {
    return withDefaultCredentials(agent.model, this.defaultModel);
  }

  private checkName(name: string): void {
    if (!objectNamePattern.test(name)) {
      throw new ValidationError(
        name
          ? `'${name.slice(0, 80)}' is not a valid agent name: use letters, digits and underscores, starting with a letter`
          : 'An agent needs a name',
        'name',
      );
    }
  }

  private async buildData(project: string, given?: Partial<AgentData>): Promise<AgentData> {
    const data = await this.checkData(project, given ?? {});
    return { knowledge_bases: data.knowledge_bases ?? [], tables: data.tables ?? [] };
  }

  /**
   * The given lists, qualified and checked (every entry names an existing object). Lists not given stay
   * undefined: an update keeps the stored ones, which were checked when they were saved.
   */
  private async checkData(project: string, given: Partial<AgentData>): Promise<Partial<AgentData>> {
    const normalized = this.resolver.normalize(given, project);
    await this.resolver.validate({
      knowledge_bases: normalized.knowledge_bases ?? [],
      tables: normalized.tables ?? [],
    });
    return normalized;
  }

  /**
   * The agent's model: `given` over `old`, its gaps filled from the instance's default chat model `fallback`
   * as MindsDB fills them (the provider, and for the default's provider its name, address and a key typed
   * in `PUT /api/config`). The agent keeps this copy: a later change of the default does not change it. The
   * operator's key from the environment is not in `fallback`: it is added at run time (see `runtimeModel`).
   */
  private buildModel(
    fallback: ModelConfig,
    given: Partial<ModelConfig> = {},
    old?: ModelConfig,
  ): ModelConfig {
    const switching = old && given.provider !== undefined && given.provider !== old.provider;
    // A new base_url forgets the stored key unless `given` has one (see mergeModelConfig).
    let model = mergeModelConfig(old && !switching ? old : undefined, given) as ModelConfig;
    model.provider ||= fallback.provider;
    if (!isChatProvider(model.provider)) {
      throw new ValidationError(
        `Unknown model provider '${model.provider}': use ${CHAT_PROVIDERS.join(', ')}`,
        'model.provider',
      );
    }
    model = withDefaultCredentials(model, fallback);
    if (!model.model_name) {
      const name =
        model.provider === fallback.provider && fallback.model_name
          ? fallback.model_name
          : FALLBACK_MODEL_NAME[model.provider];
      if (!name) {
        throw new ValidationError(`The ${model.provider} model needs a model_name`, 'model.model_name');
      }
      model.model_name = name;
    }
    return model;
  }
}
