import type { FastifyInstance } from 'fastify';
import { searchSettingsSchema, startEvaluationBodySchema } from '../../protocol/api/kb-evaluations';
import type { AppDeps } from './app-deps';
import { parseBody } from '../http/problem';

type KbParams = { Params: { project: string; kb: string } };

/**
 * Evaluations of a knowledge base's retrieval (ours; see protocol/api/kb-evaluations.ts):
 * `POST .../evaluations` (202: started, one run per setting), `GET .../evaluations` (newest first),
 * `GET .../evaluations/{id}` (with per-question results; `progress` while running), and
 * `GET|PUT .../search_defaults` (the settings the KB's searches use when they do not say).
 */
export function registerKbEvaluationRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'kbEvaluations'>): void {
  const base = '/api/projects/:project/knowledge_bases/:kb';
  const evaluations = deps.kbEvaluations;

  app.post<KbParams>(`${base}/evaluations`, async (request, reply) => {
    const body = parseBody(startEvaluationBodySchema, request.body);
    const started = await evaluations.start(request.params.project, request.params.kb, body);
    return reply.code(202).send(started);
  });

  app.get<KbParams>(`${base}/evaluations`, async (request) =>
    evaluations.list(request.params.project, request.params.kb),
  );

  app.get<{ Params: { project: string; kb: string; id: string } }>(
    `${base}/evaluations/:id`,
    async (request) => evaluations.get(request.params.project, request.params.kb, request.params.id),
  );

  app.get<KbParams>(`${base}/search_defaults`, async (request) =>
    evaluations.searchDefaults(request.params.project, request.params.kb),
  );

  app.put<KbParams>(`${base}/search_defaults`, async (request) => {
    const settings = parseBody(searchSettingsSchema, request.body);
    return evaluations.setSearchDefaults(request.params.project, request.params.kb, settings);
  });
}
