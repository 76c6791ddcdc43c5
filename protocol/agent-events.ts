import { z } from 'zod';

/**
 * The events of the agent completion stream, in both shapes the console must read:
 * - the seed format (what our server sends): start, actions, steps, output, error, end;
 * - the v26 format of the platform whose API we follow: context and status notes, data answers (text, or a
 *   table from a final query), error (also as a bare `{"error": ...}`), and one or two ends.
 * Schemas are lenient (extra fields pass) so newer producers still parse. `normalizeAgentEvent` folds every
 * shape into one tagged `AgentEvent`, and never throws: anything unrecognised becomes an `unknown` event.
 */

const traceIdSchema = z.string().nullish();
const messagesSchema = z.array(z.looseObject({ content: z.unknown().optional() })).optional();

/** An event tagged by `type`, with whatever `content` it carries (a note, prose or rows) and its trace id. */
const typedEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), content: z.unknown().optional(), trace_id: traceIdSchema });

/** One tool call the agent decided to make. `tool_input` is a string in the seed; some producers send objects. */
export const toolActionSchema = z.looseObject({
  tool: z.string(),
  tool_input: z.unknown().optional(),
  log: z.string().nullish(),
});

// ---- seed format -------------------------------------------------------------------------------------------

export const startEventSchema = z.looseObject({
  type: z.literal('start'),
  prompt: z.string().nullish(),
  trace_id: traceIdSchema,
});
export const actionsEventSchema = z.looseObject({
  actions: z.array(toolActionSchema),
  messages: messagesSchema,
  trace_id: traceIdSchema,
});
export const stepsEventSchema = z.looseObject({
  steps: z.array(z.looseObject({ action: toolActionSchema, observation: z.unknown() })),
  messages: messagesSchema,
  trace_id: traceIdSchema,
});
export const outputEventSchema = z.looseObject({
  output: z.string(),
  messages: messagesSchema,
  trace_id: traceIdSchema,
});
/** Also the v26 error event, which has the same shape. */
export const errorEventSchema = typedEvent('error').extend({ error: z.unknown().optional() });
export const endEventSchema = z.looseObject({ type: z.literal('end') });

export type StartEvent = z.infer<typeof startEventSchema>;
export type ActionsEvent = z.infer<typeof actionsEventSchema>;
export type StepsEvent = z.infer<typeof stepsEventSchema>;
export type OutputEvent = z.infer<typeof outputEventSchema>;
export type ErrorEvent = z.infer<typeof errorEventSchema>;
export type EndEvent = z.infer<typeof endEventSchema>;
/** What a server following the seed format writes, one per `data:` line. */
export type SeedStreamEvent = StartEvent | ActionsEvent | StepsEvent | OutputEvent | ErrorEvent | EndEvent;

// ---- v26 format --------------------------------------------------------------------------------------------

/** A progress note ("Searching the knowledge base…"): a string, or a list of retrieved context. */
export const contextEventSchema = typedEvent('context');
export const statusEventSchema = typedEvent('status');
/** The answer: `text` for prose, `content` for prose or the rows of a final query. */
export const dataEventSchema = typedEvent('data').extend({ text: z.string().nullish() });
/** Earlier v26 builds stream the answer so far as `text` events. */
export const textEventSchema = typedEvent('text').extend({ content: z.string() });
export const bareErrorEventSchema = z.looseObject({ error: z.unknown().refine((e) => e != null) });

/** Every event shape of both formats. */
export const agentStreamEventSchema = z.union([
  startEventSchema,
  actionsEventSchema,
  stepsEventSchema,
  outputEventSchema,
  errorEventSchema,
  endEventSchema,
  contextEventSchema,
  statusEventSchema,
  dataEventSchema,
  textEventSchema,
  bareErrorEventSchema,
]);
export type AgentStreamEvent = z.infer<typeof agentStreamEventSchema>;

// ---- the normalised event the console folds into its view ---------------------------------------------------

export interface ToolCall {
  tool: string;
  /** Always text: object inputs are shown as pretty JSON. */
  input: string;
  log?: string;
}

interface Traced {
  traceId?: string;
}

export type AgentEvent =
  | ({ kind: 'start'; prompt?: string } & Traced)
  | ({ kind: 'tool-call'; calls: ToolCall[] } & Traced)
  | ({ kind: 'tool-result'; results: { call: ToolCall; observation: string }[] } & Traced)
  /** The whole answer so far: each one replaces the previous. */
  | ({ kind: 'answer'; text: string } & Traced)
  | ({ kind: 'note'; text: string } & Traced)
  | ({ kind: 'table'; columns: string[]; rows: unknown[][] } & Traced)
  | ({ kind: 'error'; message: string } & Traced)
  | { kind: 'end' }
  | { kind: 'unknown'; raw: unknown };

const asText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value == null) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
};

const traced = (traceId: string | null | undefined): Traced => (traceId ? { traceId } : {});

const toCall = (a: z.infer<typeof toolActionSchema>): ToolCall => ({
  tool: a.tool,
  input: asText(a.tool_input),
  ...(a.log ? { log: a.log } : {}),
});

/** An error may be a string, `{message}`, `{detail}`, or anything else: always give the user a sentence. */
function errorMessage(...candidates: unknown[]): string {
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim()) return c;
    if (c && typeof c === 'object') {
      const o = c as Record<string, unknown>;
      for (const key of ['message', 'detail', 'title', 'error']) {
        if (typeof o[key] === 'string' && o[key]) return o[key];
      }
      return asText(c);
    }
  }
  return 'The agent reported an error without a message.';
}

/** A query result in any of the shapes a data frame is commonly serialised to, or null. */
export function toTable(content: unknown): { columns: string[]; rows: unknown[][] } | null {
  if (Array.isArray(content)) {
    if (!content.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return null;
    const records = content as Record<string, unknown>[];
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return { columns, rows: records.map((r) => columns.map((c) => r[c] ?? null)) };
  }
  if (content && typeof content === 'object') {
    const o = content as Record<string, unknown>;
    const columns = o.column_names ?? o.columns;
    if (Array.isArray(columns) && Array.isArray(o.data) && o.data.every(Array.isArray)) {
      return { columns: columns.map(String), rows: o.data as unknown[][] };
    }
  }
  return null;
}

function fromData(e: z.infer<typeof dataEventSchema>): AgentEvent {
  const t = traced(e.trace_id);
  if (typeof e.text === 'string') return { kind: 'answer', text: e.text, ...t };
  if (typeof e.content === 'string') return { kind: 'answer', text: e.content, ...t };
  const table = toTable(e.content);
  if (table) return { kind: 'table', ...table, ...t };
  return { kind: 'answer', text: asText(e.content), ...t };
}

/** Empty context lists are common (nothing retrieved): they become empty notes, which the view skips. */
const noteText = (content: unknown) =>
  Array.isArray(content) && content.length === 0 ? '' : asText(content).trim();

type Rule<S extends z.ZodType> = readonly [S, (value: z.infer<S>) => AgentEvent];
const rule = <S extends z.ZodType>(schema: S, map: (value: z.infer<S>) => AgentEvent): Rule<S> => [
  schema,
  map,
];

/** Tried in order: typed events first, so `{"type":"error","error":...}` is not read as a bare error. */
const RULES = [
  rule(startEventSchema, (e) => ({
    kind: 'start',
    ...(e.prompt ? { prompt: e.prompt } : {}),
    ...traced(e.trace_id),
  })),
  rule(endEventSchema, () => ({ kind: 'end' })),
  rule(errorEventSchema, (e) => ({
    kind: 'error',
    message: errorMessage(e.content, e.error),
    ...traced(e.trace_id),
  })),
  rule(contextEventSchema, (e) => ({ kind: 'note', text: noteText(e.content), ...traced(e.trace_id) })),
  rule(statusEventSchema, (e) => ({ kind: 'note', text: noteText(e.content), ...traced(e.trace_id) })),
  rule(dataEventSchema, fromData),
  rule(textEventSchema, (e) => ({ kind: 'answer', text: e.content, ...traced(e.trace_id) })),
  rule(actionsEventSchema, (e) => ({
    kind: 'tool-call',
    calls: e.actions.map(toCall),
    ...traced(e.trace_id),
  })),
  rule(stepsEventSchema, (e) => ({
    kind: 'tool-result',
    results: e.steps.map((s) => ({ call: toCall(s.action), observation: asText(s.observation) })),
    ...traced(e.trace_id),
  })),
  rule(outputEventSchema, (e) => ({ kind: 'answer', text: e.output, ...traced(e.trace_id) })),
  rule(bareErrorEventSchema, (e) => ({ kind: 'error', message: errorMessage(e.error) })),
] as const;

/** Turns one decoded `data:` payload into the console's event. Never throws. */
export function normalizeAgentEvent(json: unknown): AgentEvent {
  for (const [schema, map] of RULES) {
    const parsed = schema.safeParse(json);
    // The tuple loses the link between each schema and its mapper; each pair was built together by rule().
    if (parsed.success) return (map as (v: unknown) => AgentEvent)(parsed.data);
  }
  return { kind: 'unknown', raw: json };
}
