import type { FastifyInstance } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import {
  knowledgeBaseBodySchema,
  type CancelInsertAnswer,
  type InsertProgress,
  type KnowledgeBase,
  type KnowledgeBaseInput,
} from '../../protocol/api/knowledge-bases';
import type { AppDeps } from './app-deps';
import { ValidationError } from '../errors';
import {
  KB_SETTING_KEYS,
  type KnowledgeBase as ServiceKb,
  type KnowledgeBaseInput as ServiceInput,
} from '../domain/knowledge-bases';
import { insertCarriedData, type CarriedData } from './kb-carried-data';
import { parseBody } from '../http/problem';

type KbParams = { Params: { project: string; kb: string } };

function splitData(input: KnowledgeBaseInput): { settings: ServiceInput; data: CarriedData } {
  const { rows, query, files, urls, ...settings } = input;
  return { settings: settings as ServiceInput, data: { rows, query, files, urls } };
}

/** A knowledge base as the API answers it (the service presents it: services/knowledge-bases/presenter.ts). */
const presentKb = (kb: ServiceKb) => kb satisfies Declared<KnowledgeBase>;

/** Whether a PUT body changes settings (KB_SETTING_KEYS); `rows`, `query`, `files` and `urls` are data. */
const changesSettings = (input: ServiceInput) =>
  KB_SETTING_KEYS.some((k) => input[k] !== undefined) ||
  (input.params !== undefined && KB_SETTING_KEYS.some((k) => input.params?.[k] !== undefined));

/**
 * Knowledge bases over REST (api.md): list, create (201), get, alter (PUT, 200 with the full object; `rows`,
 * `query`, `files` and `urls` inserted), delete (200, empty body). Api keys are always masked here.
 *
 * Also (ours) `loaded_from` in every KB answered (list, get, create, alter): the names of the data sources an
 * `INSERT INTO kb SELECT ... FROM source.table` read into the KB (docs/mindsdb-compatibility.md).
 *
 * Also (ours) `GET /api/projects/{p}/knowledge_bases/{kb}/progress`: the KB's latest insert as
 * `{state: idle|running|done|failed, rows_done, rows_total, chunks, error, started_at, finished_at}`,
 * for the console to poll while a long insert runs, with `index_build`: the latest CREATE INDEX of this run
 * (its phase, phases done and percent while it builds; null when none).
 */
export function registerKnowledgeBaseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/projects/:project/knowledge_bases';
  const kbs = deps.knowledgeBases;

  // Ours: each KB carries `loaded_from`, the data sources an INSERT ... SELECT read into it (create and
  // alter answer it too, after the data they carry is in).
  app.get<{ Params: { project: string } }>(base, async (request) => {
    const { project } = request.params;
    const [list, loadedFrom] = await Promise.all([kbs.list(project), kbs.loadSources.byKb(project)]);
    return list.map((kb) => ({ ...presentKb(kb), loaded_from: loadedFrom.get(kb.id) ?? [] }));
  });

  app.post<{ Params: { project: string } }>(base, async (request, reply) => {
    const { knowledge_base } = parseBody(knowledgeBaseBodySchema, request.body);
    const { settings, data } = splitData(knowledge_base);
    if (typeof settings.name !== 'string' || !settings.name) {
      throw new ValidationError('knowledge_base.name is required', 'knowledge_base.name');
    }
    const { project } = request.params;
    const created = await kbs.create(project, settings);
    await insertCarriedData(deps, project, created.name, data);
    const loadedFrom = await kbs.loadSources.of(project, created.name);
    return reply.code(201).send({ ...presentKb(created), loaded_from: loadedFrom });
  });

  app.get<KbParams>(`${base}/:kb`, async (request) => {
    const { project, kb } = request.params;
    const [found, loadedFrom] = await Promise.all([kbs.get(project, kb), kbs.loadSources.of(project, kb)]);
    return { ...presentKb(found), loaded_from: loadedFrom };
  });

  app.put<KbParams>(`${base}/:kb`, async (request) => {
    const { knowledge_base } = parseBody(knowledgeBaseBodySchema, request.body);
    const { project, kb } = request.params;
    const { settings, data } = splitData(knowledge_base);
    const updated = changesSettings(settings)
      ? await kbs.alter(project, kb, settings)
      : await kbs.get(project, kb);
    await insertCarriedData(deps, project, kb, data);
    return { ...presentKb(updated), loaded_from: await kbs.loadSources.of(project, kb) };
  });

  app.delete<KbParams>(`${base}/:kb`, async (request, reply) => {
    await kbs.drop(request.params.project, request.params.kb);
    return reply.code(200).send();
  });

  app.get<KbParams>(`${base}/:kb/progress`, async (request) => {
    const { project, kb } = request.params;
    // Ours: the latest CREATE INDEX of this run beside the insert, with its phase while it builds.
    const [progress, indexBuild] = await Promise.all([
      kbs.progress(project, kb),
      kbs.indexBuild(project, kb),
    ]);
    return { ...progress, index_build: indexBuild } satisfies Declared<InsertProgress>;
  });

  // Ours: stops the KB's running insert between batches, whether or not its request is still open (a load
  // started with `keep_running` outlives its page). Batches already stored stay, as in MindsDB.
  app.post<KbParams>(
    `${base}/:kb/cancel_insert`,
    async (request) =>
      ({
        cancelled: await kbs.cancelInsert(request.params.project, request.params.kb),
      }) satisfies Declared<CancelInsertAnswer>,
  );
}
