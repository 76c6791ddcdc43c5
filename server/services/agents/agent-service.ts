import { objectNamePattern } from '../../../protocol/api/files';
import { CHAT_PROVIDERS, isChatProvider } from '../../providers/chat/index';
import { LOCAL_CHAT_MODEL } from '../../providers/chat/local/index';
import { OPENAI_DEFAULT_CHAT_MODEL } from '../../providers/chat/openai';
import type { ModelConfig } from '../../providers/types';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { checkModelAddress, mergeModelConfig, withDefaultCredentials } from '../model-config';
import type { ProjectObjectSource, ProjectService } from '../projects';
import type { DataResolver } from './resolve';
import type { AgentStore } from './store';
import type { AgentChanges, AgentData, AgentRecord, DefaultModel } from './types';

const FALLBACK_MODEL_NAME: Record<string, string | undefined> = {
  local: LOCAL_CHAT_MODEL,
  openai: OPENAI_DEFAULT_CHAT_MODEL,
};

/** Agents of a project: the catalog rows, their rules (names, models, data), and the tree's view of them. */
export class AgentService implements ProjectObjectSource {
  constructor(
    private readonly store: AgentStore,
    private readonly projects: ProjectService,
    private readonly resolver: DataResolver,
    private readonly defaultModel: DefaultModel,
  ) {}

  async listObjects(project: string) {
    const { id } = await this.projects.get(project);
    return (await this.store.list(id)).map((a) => ({ name: a.name, type: 'agent' as const }));
  }

  async dropProjectObjects(project: string): Promise<void> {
    const found = await this.projects.find(project);
    if (found) await this.store.removeProject(found.id);
  }

  async list(project: string): Promise<AgentRecord[]> {
    return this.store.list((await this.projects.get(project)).id);
  }

  async find(project: string, name: string): Promise<AgentRecord | undefined> {
    const found = await this.projects.find(project);
    return found ? this.store.find(found.id, name) : undefined;
  }

  async get(project: string, name: string): Promise<AgentRecord> {
    const { id } = await this.projects.get(project);
    const agent = await this.store.find(id, name);
    if (!agent) throw new NotFoundError(`Agent '${name}' does not exist in project '${project}'`);
    return agent;
  }

  async create(project: string, changes: AgentChanges, { ifNotExists = false } = {}) {
    const { id: projectId } = await this.projects.get(project);
    const name = changes.name ?? '';
    this.checkName(name);
    if (await this.store.find(projectId, name)) {
      if (ifNotExists) return undefined;
      throw new ConflictError(`Agent '${name}' already exists in project '${project}'`, 'name');
    }
    await this.checkNotKb(project, name);
    await checkModelAddress(changes.model, 'model');
    const data = await this.buildData(project, changes.data);
    const record = {
      project_id: projectId,
      name,
      model: this.buildModel(changes.model),
      data,
      prompt_template: changes.prompt_template ?? null,
    };
    if (!(await this.store.insert(record))) {
      if (ifNotExists) return undefined;
      throw new ConflictError(`Agent '${name}' already exists in project '${project}'`, 'name');
    }
    return this.get(project, name);
  }

  /** Changes only what is given: a model with just `api_key` keeps its provider and model name. */
  async update(project: string, name: string, changes: AgentChanges): Promise<AgentRecord> {
    const agent = await this.get(project, name);
    const next = { ...agent };
    if (changes.name !== undefined && changes.name !== name) {
      this.checkName(changes.name);
      if (await this.store.find(agent.project_id, changes.name)) {
        throw new ConflictError(`Agent '${changes.name}' already exists in project '${project}'`, 'name');
      }
      await this.checkNotKb(project, changes.name);
      next.name = changes.name;
    }
    await checkModelAddress(changes.model, 'model');
    if (changes.model) next.model = this.buildModel(changes.model, agent.model);
    if (changes.data) next.data = await this.buildData(project, changes.data, agent.data);
    if (changes.prompt_template !== undefined) next.prompt_template = changes.prompt_template;
    await this.store.update(next);
    return this.get(project, next.name);
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

  private async checkNotKb(project: string, name: string): Promise<void> {
    const objects = await this.projects.objects(project);
    if (objects.some((o) => o.type === 'knowledge_base' && o.name === name)) {
      throw new ConflictError(`'${name}' is already a knowledge base in project '${project}'`, 'name');
    }
  }

  private async buildData(project: string, given?: Partial<AgentData>, old?: AgentData): Promise<AgentData> {
    const normalized = this.resolver.normalize(given ?? {}, project);
    const data: AgentData = {
      knowledge_bases: normalized.knowledge_bases ?? old?.knowledge_bases ?? [],
      tables: normalized.tables ?? old?.tables ?? [],
    };
    await this.resolver.validate(data);
    return data;
  }

  /** Keys of the instance default are not stored: they are added at run time (see `runtimeModel`). */
  private buildModel(given: Partial<ModelConfig> = {}, old?: ModelConfig): ModelConfig {
    const switching = old && given.provider !== undefined && given.provider !== old.provider;
    // A new base_url forgets the stored key unless `given` has one (see mergeModelConfig).
    const model = mergeModelConfig(old && !switching ? old : undefined, given) as ModelConfig;
    model.provider ||= this.defaultModel.provider;
    if (!isChatProvider(model.provider)) {
      throw new ValidationError(
        `Unknown model provider '${model.provider}': use ${CHAT_PROVIDERS.join(', ')}`,
        'model.provider',
      );
    }
    if (!model.model_name) {
      const fallback =
        model.provider === this.defaultModel.provider && this.defaultModel.model_name
          ? this.defaultModel.model_name
          : FALLBACK_MODEL_NAME[model.provider];
      if (!fallback) {
        throw new ValidationError(`The ${model.provider} model needs a model_name`, 'model.model_name');
      }
      model.model_name = fallback;
    }
    return model;
  }
}
