import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  agentBodySchema,
  agentEtag,
  completionRequestSchema,
  type Agent,
  type CompletionResponse,
} from '../../protocol/api/agents';
import type { Declared } from '../../protocol/api/answers';
import { encodeSseEvent } from '../../protocol/sse';
import type { AppDeps } from './app-deps';
import { changesFromRest } from '../services/agents/agent-input';
import { toAgentResponse } from '../services/agents/presenter';
import type { AgentRecord } from '../domain/agents';
import { collectAnswer, streamEvents } from '../services/agents/stream';
import { ValidationError } from '../errors';
import { callerOf } from '../http/caller';
import { HttpProblem, parseBody } from '../http/problem';

type AgentParams = { Params: { project: string; agent: string } };

/** An AbortSignal that fires when the client goes away before the answer is complete. */
function disconnectSignal(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/** An agent as the API answers it (credentials masked). */
const presentAgent = (agent: AgentRecord) => toAgentResponse(agent) satisfies Declared<Agent>;

/** The agent's answer with its version as the ETag, for the client to send back as If-Match on a PUT. */
function sendAgent(reply: FastifyReply, agent: AgentRecord, status = 200) {
  const etag = agentEtag(agent);
  if (etag) void reply.header('ETag', etag);
  return reply.code(status).send(presentAgent(agent));
}

/**
 * MindsDB answers an agent whose model it cannot find (an unknown provider included) with 404 "Resource not
 * found"; the detail and field still name the provider and the ones this server has.
 */
async function withMindsdbModelCode<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof ValidationError && err.field === 'model.provider') {
      throw new HttpProblem(404, 'Resource not found', err.message, err.field);
    }
    throw err;
  }
}

/** The If-Match header, when one was sent (several are joined as one list, as HTTP allows). */
function ifMatchOf(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header.join(', ') : header;
}

export function registerAgentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const base = '/api/projects/:project/agents';

  app.get<{ Params: { project: string } }>(base, async (request) =>
    (await deps.agents.list(request.params.project)).map(presentAgent),
  );

  app.post<{ Params: { project: string } }>(base, async (request, reply) => {
    const { agent } = parseBody(agentBodySchema, request.body);
    if (typeof agent.name !== 'string' || !agent.name) {
      throw new ValidationError('agent.name is required', 'agent.name');
    }
    const created = await withMindsdbModelCode(() =>
      deps.agents.create(request.params.project, changesFromRest(agent)),
    );
    return sendAgent(reply, created!, 201);
  });

  app.get<AgentParams>(`${base}/:agent`, async (request, reply) =>
    sendAgent(reply, await deps.agents.get(request.params.project, request.params.agent)),
  );

  /** Without If-Match (MindsDB's clients send none) the update still applies atomically to the latest version. */
  app.put<AgentParams>(`${base}/:agent`, async (request, reply) => {
    const { agent } = parseBody(agentBodySchema, request.body);
    const { project, agent: name } = request.params;
    const ifMatch = ifMatchOf(request.headers['if-match']);
    const updated = await withMindsdbModelCode(() =>
      deps.agents.update(project, name, changesFromRest(agent), { ifMatch }),
    );
    return sendAgent(reply, updated);
  });

  app.delete<AgentParams>(`${base}/:agent`, async (request, reply) => {
    await deps.agents.drop(request.params.project, request.params.agent);
    return reply.code(204).send();
  });

  app.post<AgentParams>(`${base}/:agent/completions`, async (request, reply) => {
    const { messages } = parseBody(completionRequestSchema, request.body);
    const agent = await deps.agents.get(request.params.project, request.params.agent);
    const controller = disconnectSignal(reply);
    const caller = callerOf(request, deps.auth.enabled);
    const answer = await collectAnswer(deps.agentRunner.start(agent, messages, controller.signal, caller));
    return {
      message: { content: answer.content, role: 'assistant', trace_id: answer.trace_id },
    } satisfies Declared<CompletionResponse>;
  });

  /**
   * The live stream: every event is written to the socket as soon as the run produces it. Validation and a
   * missing agent still answer with a problem body; once the stream has begun, failures are `error` events.
   */
  app.post<AgentParams>(`${base}/:agent/completions/stream`, async (request, reply) => {
    const { messages } = parseBody(completionRequestSchema, request.body);
    const agent = await deps.agents.get(request.params.project, request.params.agent);
    const controller = disconnectSignal(reply);
    const run = deps.agentRunner.start(
      agent,
      messages,
      controller.signal,
      callerOf(request, deps.auth.enabled),
    );
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const onUnexpected = (err: unknown) => request.log.error({ err }, 'agent run failed');
    for await (const event of streamEvents(run, onUnexpected)) {
      if (controller.signal.aborted) break;
      reply.raw.write(encodeSseEvent(event));
    }
    reply.raw.end();
  });
}
