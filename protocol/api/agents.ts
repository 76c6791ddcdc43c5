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
  z.looseObject({ question: z.string(), answer: z.string().optional() }),
  z.looseObject({ role: z.string(), content: z.string() }),
]);
export type CompletionMessage = z.infer<typeof completionMessageSchema>;
export const completionRequestSchema = z.looseObject({ messages: z.array(completionMessageSchema).min(1) });
export type CompletionRequest = z.infer<typeof completionRequestSchema>;

export const completionResponseSchema = z.looseObject({
  message: z.looseObject({ content: z.string(), role: z.string(), trace_id: z.string().optional() }),
});
export type CompletionResponse = z.infer<typeof completionResponseSchema>;
