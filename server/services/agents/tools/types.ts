import { parseStatement } from '../../../dialect/parser';
import type { Statement } from '../../../dialect/ast';
import type { ToolSpec } from '../../../providers/chat/types';
import type { DuckDb } from '../../../engines/duckdb';
import type { SqlRunner } from '../../../domain/sql';

/** A tool the agent can call: its description for the model, and what it does with the model's input. */
export interface AgentTool {
  spec: ToolSpec;
  /** Returns the observation. Failures the model can act on (a bad query) are observations, not throws. */
  run(input: string): Promise<string>;
}

/** What the tools of one run may reach: the same SQL router as users, limited to the agent's data. */
export interface ToolContext {
  sql: SqlRunner;
  data: DuckDb;
  /** The agent's project: the SQL session's database. */
  project: string;
  /** `project.kb` names, resolved for this run. */
  knowledgeBases: string[];
  /** `files.table` names, resolved for this run. */
  tables: string[];
  /** Aborts when the run ends early (client gone, time limit): a query in flight is interrupted too. */
  signal?: AbortSignal;
  /** Who started the run: its queries queue as that user's. */
  caller?: string;
}

export const oneStringArg = (key: string, description: string) => ({
  type: 'object',
  properties: { [key]: { type: 'string', description } },
  required: [key],
});

export const noArgs = { type: 'object', properties: {} };

/** Models often wrap SQL in a Markdown fence or end it with a semicolon. */
export function cleanSql(input: string): string {
  return input
    .trim()
    .replace(/^```(?:sql)?\s*/i, '')
    .replace(/\s*```$/, '')
    .trim();
}

/**
 * The model's SQL, cleaned and parsed. A statement that does not parse comes back as the observation to
 * give the model (`Error: ...`), so that it can write it again.
 */
export function parseToolSql(input: string): { query: string; statement: Statement } | string {
  const query = cleanSql(input);
  try {
    return { query, statement: parseStatement(query) };
  } catch (err) {
    return `Error: ${(err as Error).message}`;
  }
}
