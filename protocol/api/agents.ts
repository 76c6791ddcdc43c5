import { z } from 'zod';
import { modelConfigSchema } from './knowledge-bases';

export const agentDataSchema = z.looseObject({
  knowledge_bases: z.array(z.string()).optional(),
  tables: z.array(z.string()).optional(),
});
export type AgentData = z.infer<typeof agentDataSchema>;

export const agentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  project_id: z.union([z.string(), z.number()]).optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  model: modelConfigSchema.nullable().optional(),
  data: agentDataSchema.nullable().optional(),
  prompt_template: z.string().nullable().optional(),
  /** MindsDB's further settings (`timeout`, ...), as given; absent when there are none. */
  params: z.record(z.string(), z.unknown()).optional(),
});
export type Agent = z.infer<typeof agentSchema>;
export const agentsSchema = z.array(agentSchema);

export const agentInputSchema = z.looseObject({
  name: z.string().optional(),
  model: modelConfigSchema.optional(),
  data: agentDataSchema.optional(),
  prompt_template: z.string().optional(),
});
export type AgentInput = z.infer<typeof agentInputSchema>;
export const agentBodySchema = z.object({ agent: agentInputSchema });

/** One turn of history: the seed's question/answer pairs, or MindsDB v26's role/content items. */
export const completionMessageSchema = z.union([
  // `answer: null` is how MindsDB's clients mark the question still to be answered.
  z.looseObject({ question: z.string(), answer: z.string().nullish() }),
  z.looseObject({ role: z.string(), content: z.string() }),
]);
export type CompletionMessage = z.infer<typeof completionMessageSchema>;
export const completionRequestSchema = z.looseObject({ messages: z.array(completionMessageSchema).min(1) });
export type CompletionRequest = z.infer<typeof completionRequestSchema>;

export const completionResponseSchema = z.looseObject({
  message: z.looseObject({ content: z.string(), role: z.string(), trace_id: z.string().optional() }),
});
export type CompletionResponse = z.infer<typeof completionResponseSchema>;

/**
 * The version tag of an agent (the HTTP ETag of its GET, POST and PUT answers), made from its id and
 * `updated_at`, which the server moves forward on every change. A client that read an agent sends it back as
 * `If-Match` with a PUT; the server answers 409 (problem `field`: STALE_VERSION_FIELD) when the agent has
 * changed since. Undefined for an agent without `updated_at` (a server that does not give one).
 */
export function agentEtag(agent: Pick<Agent, 'id' | 'updated_at'>): string | undefined {
  if (!agent.updated_at) return undefined;
  return `"${agent.id}-${agent.updated_at.replace(/\D/g, '')}"`;
}

/** The problem `field` of a 409 for a PUT whose `If-Match` names a version that is no longer current. */
export const STALE_VERSION_FIELD = 'If-Match';
