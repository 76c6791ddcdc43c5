import type { JsonValue } from '../../../engines/duckdb';
import { TOOL } from '../../../providers/chat/tool-protocol';
import { formatRows } from '../../../../protocol/tool-observation';
import { KB_SEARCH_COLUMNS } from '../../../../protocol/kb-search';
import { noArgs, parseToolSql, oneStringArg, type AgentTool, type ToolContext } from './types';

/** The KB search result as the observation of api.md: its column order, metadata keys with a leading `_`. */
export function kbObservation(columns: string[], rows: JsonValue[][]): string {
  const order = [
    ...KB_SEARCH_COLUMNS.filter((c) => columns.includes(c)),
    ...columns.filter((c) => !(KB_SEARCH_COLUMNS as readonly string[]).includes(c)),
  ];
  const index = order.map((c) => columns.indexOf(c));
  const out = rows.map((row) =>
    index.map((i, k) => {
      const value = row[i];
      if (order[k] !== 'metadata' || !value || typeof value !== 'object' || Array.isArray(value))
        return value;
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [`_${key}`, v]));
    }),
  );
  return formatRows(order, out);
}

/** The allowed knowledge base `name` means: names compare without regard to case, the exact spelling first. */
function allowed(ctx: ToolContext, name: string): string | undefined {
  if (ctx.knowledgeBases.includes(name)) return name;
  return ctx.knowledgeBases.find((kb) => kb.toLowerCase() === name.toLowerCase());
}

/** Which allowed knowledge base a SELECT names: `project.kb`, or a bare name that is unambiguous. */
function targetOf(parts: string[], ctx: ToolContext): string | undefined {
  if (parts.length === 2) return allowed(ctx, parts.join('.'));
  if (parts.length !== 1) return undefined;
  const own = allowed(ctx, `${ctx.project}.${parts[0]}`);
  if (own) return own;
  const suffix = `.${parts[0]}`.toLowerCase();
  const matches = ctx.knowledgeBases.filter((kb) => kb.toLowerCase().endsWith(suffix));
  return matches.length === 1 ? matches[0] : undefined;
}

export function kbTools(ctx: ToolContext): AgentTool[] {
  const available = () => `available: ${JSON.stringify(ctx.knowledgeBases)}`;
  return [
    {
      spec: {
        name: TOOL.kbList,
        description: 'Lists the knowledge bases you can search. Returns a JSON array of their names.',
        parameters: noArgs,
      },
      run: async () => JSON.stringify(ctx.knowledgeBases),
    },
    {
      spec: {
        name: TOOL.kbQuery,
        description:
          "Searches one knowledge base with SQL: SELECT * FROM <project>.<kb> WHERE content = '<what to look for>' " +
          'LIMIT 10. Other conditions may filter on metadata columns. Returns the matching chunks as CSV ' +
          '(id, chunk_id, chunk_content, metadata, distance, relevance). Cite chunk ids in square brackets.',
        parameters: oneStringArg('query', 'A SELECT statement on one knowledge base'),
      },
      run: async (input) => {
        const parsed = parseToolSql(input);
        if (typeof parsed === 'string') return parsed;
        const { query, statement } = parsed;
        if (statement.kind !== 'select' || !statement.simple) {
          return "Error: give one SELECT on one knowledge base, e.g. SELECT * FROM project.kb WHERE content = '...' LIMIT 10";
        }
        const target = targetOf(statement.simple.from.parts, ctx);
        if (!target) {
          return `Error: '${statement.simple.from.parts.join('.')}' is not a knowledge base of this agent (${available()})`;
        }
        const db = target.slice(0, target.lastIndexOf('.'));
        const result = await ctx.sql.execute(query, { db, show_secrets: false }, { caller: ctx.caller });
        if (result.type === 'error') return `Error: ${result.error_message}`;
        if (result.type !== 'table') return 'Error: the statement returned no rows';
        return kbObservation(result.column_names, result.data);
      },
    },
  ];
}
