import { z } from 'zod';

/** One vector engine a knowledge base may be stored in, as MindsDB's `resolved_storage` lists it. */
const resolvedStorageSchema = z.looseObject({
  engine: z.string(),
  available: z.boolean(),
  default: z.boolean(),
  /** `config` when the operator chose it, `fallback` when it is the engine used for want of a choice. */
  source: z.string(),
});

/**
 * MindsDB's `knowledge_bases` block of `GET /api/config`: where new knowledge bases are stored. `storage` is
 * the operator's choice (null: none made), `default_storage` what is used.
 */
const knowledgeBasesConfigSchema = z.looseObject({
  storage: z.string().nullable(),
  resolved_storage: z.array(resolvedStorageSchema),
  default_storage: z.string().nullable(),
  available_vector_engines: z.array(z.string()),
  pgvector_enabled: z.boolean(),
  engines: z.array(z.string()),
  /** True when `INSERT INTO kb SELECT ...` without `USING batch_size` is answered only once it has ended. */
  disable_autobatch: z.boolean(),
});

/** A default model as `GET /api/config` shows it: any key masked. */
const defaultModelSchema = z.looseObject({
  provider: z.string(),
  model_name: z.string().optional(),
  base_url: z.string().optional(),
  api_key: z.string().optional(),
});

/** `GET /api/config`: the instance's login settings (never the password) and its KB storage. */
export const configSchema = z.looseObject({
  auth: z.looseObject({
    http_auth_enabled: z.boolean(),
    /** Ours: who may log in (null when no user is set). */
    username: z.string().nullable().optional(),
  }),
  knowledge_bases: knowledgeBasesConfigSchema.optional(),
  /** MindsDB's default models: what an agent or knowledge base created without a model is given. Keys masked. */
  default_llm: defaultModelSchema.nullable().optional(),
  default_embedding_model: defaultModelSchema.nullable().optional(),
  default_reranking_model: defaultModelSchema.nullable().optional(),
  /**
   * Ours: what the console needs to know of this server that MindsDB's config does not say. Whether other
   * machines can reach it (bound beyond loopback, or named by `--allowed-hosts`): turning login off then
   * opens it to them. And whether its default models can only be set when it starts (false on this server
   * since they are settable with `PUT /api/config`; kept for older servers).
   */
  instance: z
    .looseObject({
      reachable_from_other_machines: z.boolean(),
      default_models_set_at_start: z.boolean(),
    })
    .optional(),
});
export type Config = z.infer<typeof configSchema>;

/**
 * `PUT /api/config`: login on or off, and its user, merged into what is set (keys left out keep their
 * value); and the default models, each replaced whole (null: back to the value given at start), read and
 * checked by the server's model reader so that a problem names its field (`default_llm.base_url`). As MindsDB's clients send them, an empty or null `username` / `password` clear it: login is
 * turned off with `{"http_auth_enabled": false, "username": ..., "password": ""}`, and the `auth` block of
 * `GET /api/config` may be sent back as it came. Any other key is refused by name (strict).
 */
export const configChangeSchema = z
  .object({
    auth: z
      .object({
        http_auth_enabled: z.boolean().optional(),
        username: z.string().nullable().optional(),
        password: z.string().nullable().optional(),
      })
      .strict()
      .optional(),
    default_llm: z.unknown().optional(),
    default_embedding_model: z.unknown().optional(),
    default_reranking_model: z.unknown().optional(),
  })
  .strict();
export type ConfigChange = z.infer<typeof configChangeSchema>;

/** MindsDB answers several changes (config, logout, file upload and delete) with 200 and the JSON string "". */
export const emptyAnswerSchema = z.literal('');
