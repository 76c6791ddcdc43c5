import { randomBytes } from 'node:crypto';
import type { SeedStreamEvent } from '../../../protocol/agent-events';
import type { DuckDb } from '../../engines/duckdb';
import { createChatProvider } from '../../providers/chat/index';
import { TOOL_INPUT_KEY } from '../../providers/chat/tool-protocol';
import type { ChatMessage, ToolCall } from '../../providers/chat/types';
import type { HttpSettings } from '../../providers/types';
import type { SqlRunner } from '../../domain/sql';
import type { AgentService } from './agent-service';
import { AgentLimitError, RunAbortedError } from './errors';
import { readConversation, type IncomingMessage } from './history';
import { systemPrompt } from './prompt';
import type { DataResolver } from './resolve';
import type { RunLog } from './run-log';
import { toolsFor, type AgentTool } from './tools/index';
import type { AgentRecord } from '../../domain/agents';

export interface RunnerSettings {
  /** Model calls per run at most: a model that keeps calling tools is stopped with a clear error. */
  maxSteps: number;
  /** Wall-clock limit of a run, model calls and tools included. */
  timeoutMs: number;
  /** Timeouts and retries of the model providers' HTTP calls. */
  http?: Partial<HttpSettings>;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { maxSteps: 10, timeoutMs: 120_000 };

export interface RunnerDeps {
  agents: AgentService;
  resolver: DataResolver;
  sql: SqlRunner;
  data: DuckDb;
  runLog: RunLog;
  settings: RunnerSettings;
}

/** One run, prepared: the request is valid and the trace id is known before the first event is sent. */
export interface AgentRun {
  traceId: string;
  events: AsyncGenerator<SeedStreamEvent>;
}

type Action = { tool: string; tool_input: string; log: string };

/** The text a tool receives: its one argument, else the only string given, else the arguments as JSON. */
function toolInput(call: ToolCall): string {
  const key = TOOL_INPUT_KEY[call.name];
  if (key && typeof call.arguments[key] === 'string') return call.arguments[key] as string;
  const strings = Object.values(call.arguments).filter((v): v is string => typeof v === 'string');
  if (strings.length === 1) return strings[0];
  return Object.keys(call.arguments).length ? JSON.stringify(call.arguments) : '';
}

/**
 * The agent loop, shared by the plain and the streamed completion: ask the model, run the tools it calls,
 * give it the observations, until it answers. Yields the events of api.md as they happen; throws on failure
 * (the stream turns that into an `error` event). The abort signal reaches every model call.
 */
export class AgentRunner {
  constructor(private readonly deps: RunnerDeps) {}

  /** `caller`: who started the run; its SQL queues as that user's (see StatementRun.caller). */
  start(
    agent: AgentRecord,
    messages: readonly IncomingMessage[],
    signal?: AbortSignal,
    caller?: string,
  ): AgentRun {
    const conversation = readConversation(messages);
    const traceId = randomBytes(16).toString('hex');
    return { traceId, events: this.events(agent, conversation, traceId, signal, caller) };
  }

  private async *events(
    agent: AgentRecord,
    { history, question }: ReturnType<typeof readConversation>,
    traceId: string,
    clientSignal?: AbortSignal,
    caller?: string,
  ): AsyncGenerator<SeedStreamEvent> {
    yield { type: 'start', prompt: question, trace_id: traceId };
    const { settings, runLog } = this.deps;
    const record = runLog.begin({ traceId, project: agent.project, agent: agent.name, question, history });
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = clientSignal ? AbortSignal.any([clientSignal, timeout]) : timeout;
    const guard = <T>(work: Promise<T>) => this.guard(work, signal, clientSignal);
    try {
      const provider = createChatProvider(this.deps.agents.runtimeModel(agent), { http: settings.http });
      const [kbs, tables] = await guard(
        Promise.all([this.deps.resolver.knowledgeBases(agent.data), this.deps.resolver.tables(agent.data)]),
      );
      const tools = toolsFor(agent.data, {
        sql: this.deps.sql,
        data: this.deps.data,
        project: agent.project,
        knowledgeBases: kbs,
        tables,
        signal,
        caller,
      });
      const conversation: ChatMessage[] = [
        { role: 'system', content: systemPrompt(agent, kbs, tables) },
        ...history,
        { role: 'user', content: question },
      ];
      for (let step = 0; step < settings.maxSteps; step++) {
        const specs = [...tools.values()].map((t) => t.spec);
        const turn = await guard(provider.complete({ messages: conversation, tools: specs }, { signal }));
        if (turn.toolCalls.length === 0) {
          record.status = 'done';
          yield { output: turn.content, messages: [{ content: turn.content }], trace_id: traceId };
          return;
        }
        conversation.push({ role: 'assistant', content: turn.content, toolCalls: turn.toolCalls });
        for (const call of turn.toolCalls) {
          const input = toolInput(call);
          const action: Action = {
            tool: call.name,
            tool_input: input,
            log: `${turn.content ? `${turn.content}\n` : ''}Invoking: \`${call.name}\` with \`${input}\``,
          };
          yield { actions: [action], messages: [{ content: action.log }], trace_id: traceId };
          const observation = await guard(this.runTool(tools, call.name, input));
          yield { steps: [{ action, observation }], messages: [{ content: observation }], trace_id: traceId };
          conversation.push({ role: 'tool', toolCallId: call.id, name: call.name, content: observation });
        }
      }
      throw new AgentLimitError(
        `The agent stopped after ${settings.maxSteps} model calls without an answer (step limit)`,
      );
    } catch (err) {
      record.status = err instanceof RunAbortedError ? 'stopped' : 'failed';
      record.error = (err as Error).message;
      throw err;
    } finally {
      if (record.status === 'running') record.status = 'stopped';
    }
  }

  /** A tool's failure is an observation the model can act on, never the end of the run. */
  private async runTool(tools: Map<string, AgentTool>, name: string, input: string): Promise<string> {
    const tool = tools.get(name);
    if (!tool)
      return `Error: there is no tool '${name}'; use one of: ${[...tools.keys()].join(', ') || 'none'}`;
    try {
      return await tool.run(input);
    } catch (err) {
      return `Error: ${String((err as Error)?.message ?? err).split('\n')[0]}`;
    }
  }

  /**
   * Waits for `work` unless the run is aborted first, then says why: the client left (quietly) or the time
   * limit passed (an error the user sees).
   */
  private async guard<T>(work: Promise<T>, signal: AbortSignal, clientSignal?: AbortSignal): Promise<T> {
    const why = () =>
      clientSignal?.aborted
        ? new RunAbortedError()
        : new AgentLimitError(
            `The agent did not finish within ${this.deps.settings.timeoutMs / 1000} s (time limit)`,
          );
    if (signal.aborted) throw why();
    let onAbort: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(why());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined); // raced below; this only keeps a late rejection from going unhandled
    try {
      return await Promise.race([work, aborted]);
    } catch (err) {
      if (signal.aborted) throw why();
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
