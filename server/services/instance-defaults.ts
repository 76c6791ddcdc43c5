import type { CatalogDb } from '../engines/catalog-db';
import { ValidationError } from '../errors';
import { CHAT_PROVIDERS, isChatProvider } from '../providers/chat/index';
import type { ModelConfig } from '../providers/types';
import { isSecretKey, maskFields } from '../../protocol/secrets';
import {
  DEFAULT_MODEL_ROLES,
  InstanceDefaultsStore,
  type DefaultModelRole,
} from '../store/instance-defaults';
import { checkModelAddress, mergeModelConfig, readModelConfig } from './model-config';

/** The instance's default models, by MindsDB's config keys; the reranking one may be unset. */
export interface DefaultModels {
  default_llm: ModelConfig;
  default_embedding_model: ModelConfig;
  default_reranking_model: ModelConfig | null;
}

/** A change from `PUT /api/config`: each model as the client wrote it (null: back to the start value). */
export type DefaultModelsChange = Partial<Record<DefaultModelRole, unknown>>;

/** The config's fields that may hold credentials (each a model object): masked when they leave the server. */
export const DEFAULT_MODELS_SECRET_FIELDS: readonly DefaultModelRole[] = DEFAULT_MODEL_ROLES;

/**
 * A start value as an object keeps it: the provider and model name only. Its address and the operator's key
 * are added at each call (`withDefaultCredentials`), so objects made from the flags follow them, as they
 * always have.
 */
const asStarted = (model: ModelConfig): ModelConfig => ({
  provider: model.provider,
  ...(model.model_name ? { model_name: model.model_name } : {}),
});

/**
 * The default chat, embedding and reranking models: what an agent or a knowledge base created without a model
 * is given (a copy, kept by the object from then on). The values given at start (flags) apply until one is
 * set with `PUT /api/config`, which is kept in the catalog and wins over the flags from then on.
 *
 * The operator's key from the environment never lands in the catalog nor in an object: the start values are
 * handed out without it (nor their address), and both are added at each call when a model goes to the start
 * default's provider (`withDefaultCredentials`). A key typed in `PUT /api/config` is the user's, kept as an
 * object's key is.
 */
export class InstanceDefaults {
  private readonly store: InstanceDefaultsStore;

  constructor(
    catalog: CatalogDb,
    /** The values given at start, the operator's key included (shown masked, never handed out). */
    private readonly atStart: DefaultModels,
  ) {
    this.store = new InstanceDefaultsStore(catalog);
  }

  /**
   * The models an object created now is given: a model set with `PUT /api/config` whole (a key typed there
   * included), else the start value without its address or key.
   */
  async current(): Promise<DefaultModels> {
    const set = await this.store.all();
    const pick = (role: DefaultModelRole) => {
      const start = this.atStart[role];
      return set[role] ?? (start && asStarted(start));
    };
    return {
      default_llm: pick('default_llm') as ModelConfig,
      default_embedding_model: pick('default_embedding_model') as ModelConfig,
      default_reranking_model: pick('default_reranking_model'),
    };
  }

  /** What `GET /api/config` shows: every key masked, the operator's included (so a client knows one is set). */
  async view(): Promise<DefaultModels> {
    const set = await this.store.all();
    const shown: DefaultModels = {
      default_llm: set.default_llm ?? this.atStart.default_llm,
      default_embedding_model: set.default_embedding_model ?? this.atStart.default_embedding_model,
      default_reranking_model: set.default_reranking_model ?? this.atStart.default_reranking_model,
    };
    return maskFields(shown, DEFAULT_MODELS_SECRET_FIELDS);
  }

  /**
   * Replaces the given models, each whole as MindsDB does, except its key: a masked or missing key keeps the
   * stored one while the model goes to the same provider and address, and is forgotten otherwise
   * (`mergeModelConfig`). Every model is checked before any is saved; a problem names its field.
   */
  async update(change: DefaultModelsChange): Promise<void> {
    const set = await this.store.all();
    const next: Partial<Record<DefaultModelRole, ModelConfig | null>> = {};
    for (const role of DEFAULT_MODEL_ROLES) {
      if (!(role in change)) continue;
      const value = change[role];
      if (value === null) {
        next[role] = null;
        continue;
      }
      const patch = readModelConfig(value, role);
      checkProvider(patch, role);
      await checkModelAddress(patch, role);
      const stored = set[role];
      const merged = mergeModelConfig(stored, patch);
      // Whole: a field left out of the patch is dropped, but for a kept key.
      const whole = Object.fromEntries(
        Object.entries(merged).filter(([key]) => key in patch || isSecretKey(key)),
      ) as ModelConfig;
      next[role] = whole;
    }
    await this.store.replace(next);
  }
}

/** Every default names one of the providers this server has (the same three serve chat, embedding, reranking). */
function checkProvider(model: Partial<ModelConfig>, role: DefaultModelRole): void {
  if (!model.provider) {
    throw new ValidationError(
      `${role}.provider is required: use ${CHAT_PROVIDERS.join(', ')}`,
      `${role}.provider`,
    );
  }
  if (!isChatProvider(model.provider)) {
    throw new ValidationError(
      `${role}.provider: unknown provider '${model.provider.slice(0, 40)}': use ${CHAT_PROVIDERS.join(', ')}`,
      `${role}.provider`,
    );
  }
}
