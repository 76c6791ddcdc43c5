import type { AgentData } from '../../../domain/agents';
import { kbTools } from './kb-tools';
import { sqlTools } from './sql-tools';
import type { AgentTool, ToolContext } from './types';

export type { AgentTool, ToolContext } from './types';

/** The tools of one run: knowledge base tools when the agent names any, table tools when it names tables. */
export function toolsFor(data: AgentData, ctx: ToolContext): Map<string, AgentTool> {
  const tools = [
    ...(data.knowledge_bases.length ? kbTools(ctx) : []),
    ...(data.tables.length ? sqlTools(ctx) : []),
  ];
  return new Map(tools.map((t) => [t.spec.name, t]));
}
