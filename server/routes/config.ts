import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import { configChangeSchema, type Config } from '../../protocol/api/config';
import type { AppDeps } from './app-deps';
import { HttpProblem, parseBody } from '../http/problem';
import { reachableFromOtherMachines } from '../http/reach';

/** Every knowledge base of this server is stored in LanceDB; no other vector engine can be chosen. */
const KB_STORAGE_ENGINE = 'lancedb';

/** MindsDB's `knowledge_bases` block, for a server whose one engine is used for want of any choice. */
const knowledgeBasesConfig = (deps: AppDeps) =>
  ({
    disable_autobatch: !deps.knowledgeBases.autobatch,
    storage: null,
    resolved_storage: [{ engine: KB_STORAGE_ENGINE, available: true, default: true, source: 'fallback' }],
    default_storage: KB_STORAGE_ENGINE,
    available_vector_engines: [KB_STORAGE_ENGINE],
    pgvector_enabled: false,
    engines: [KB_STORAGE_ENGINE],
  }) satisfies Declared<NonNullable<Config['knowledge_bases']>>;

/**
 * The instance's settings as MindsDB's `/api/config` shows them: login, the default models (keys masked),
 * and where knowledge bases are stored. Reading or changing them needs a login while login is on (the auth hook sees to that), so only
 * the user may turn it off.
 */
export function registerConfigRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  names: { boundHost: string; allowedHosts: string[] },
): void {
  const instance = {
    reachable_from_other_machines: reachableFromOtherMachines(names.boundHost, names.allowedHosts),
    default_models_set_at_start: false,
  } satisfies Declared<NonNullable<Config['instance']>>;
  // The router ignores a trailing slash, so `/api/config/` (MindsDB's spelling) lands here too.
  app.get(
    '/api/config',
    async () =>
      ({
        auth: { ...deps.auth.view() },
        ...(await deps.instanceDefaults.view()),
        knowledge_bases: knowledgeBasesConfig(deps),
        instance,
      }) satisfies Declared<Config>,
  );
  app.put('/api/config', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === 'object' && 'knowledge_bases' in body) {
      throw new HttpProblem(
        400,
        'Wrong arguments',
        `knowledge_bases cannot be changed here: every knowledge base of this server is stored in ` +
          `${KB_STORAGE_ENGINE}, and disable_autobatch is set when the server starts (--disable-kb-autobatch)`,
        'knowledge_bases',
      );
    }
    const { auth, ...models } = parseBody(configChangeSchema, request.body, 'Wrong arguments');
    // The models first: they are all checked before any is saved, so a bad one changes nothing.
    if (Object.keys(models).length) await deps.instanceDefaults.update(models);
    if (auth) await deps.auth.update(auth);
    return reply.type('application/json').send('""');
  });
}
