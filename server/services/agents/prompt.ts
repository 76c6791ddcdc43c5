import type { AgentRecord } from '../../domain/agents';

export const DEFAULT_PROMPT =
  'You are a helpful assistant. Answer the question using the knowledge bases and tables you can query.';

/**
 * The system message: the agent's own instruction, then what it can reach and the house rules for answers
 * (answer from retrieved data, cite chunk ids in brackets, say when nothing was found), which the console
 * relies on to link citations.
 */
export function systemPrompt(agent: AgentRecord, kbs: string[], tables: string[]): string {
  const lines = [agent.prompt_template?.trim() || DEFAULT_PROMPT, ''];
  if (kbs.length) lines.push(`Knowledge bases you can search: ${kbs.join(', ')}.`);
  if (tables.length) lines.push(`Tables you can query: ${tables.join(', ')}.`);
  if (kbs.length || tables.length) {
    lines.push(
      'Look things up with the tools before answering, and answer only from what they return.',
      'After each fact taken from a knowledge base, cite its chunk_id in square brackets, e.g. [42:content:1of1:0to120].',
      'If the data holds no answer, say that you could not find one.',
    );
  }
  return lines.join('\n').trim();
}
