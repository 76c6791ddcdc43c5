/**
 * What the agent's tools are called and what arguments they take, and how a tool writes names and strings into
 * the SQL it runs. How their observations are written and read is protocol/tool-observation.ts.
 */
export const TOOL = {
  kbList: 'kb_list_tool',
  kbQuery: 'kb_query_tool',
  listTables: 'sql_db_list_tables',
  schema: 'sql_db_schema',
  query: 'sql_db_query',
} as const;

/** The one text argument of each tool (none for the list tools). */
export const TOOL_INPUT_KEY: Record<string, string | undefined> = {
  [TOOL.kbQuery]: 'query',
  [TOOL.schema]: 'table_names',
  [TOOL.query]: 'query',
};

/** A name as SQL: backticked unless it is a plain lower-case identifier (which SQL would keep as it is). */
const RESERVED = new Set(
  'select from where and or not in is null like between limit offset order by group having as join on union true false'.split(
    ' ',
  ),
);

export function sqlIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

/** `project.kb` as SQL. The name is split at its last dot: object names never hold one. */
export function sqlName(qualified: string): string {
  const dot = qualified.lastIndexOf('.');
  if (dot === -1) return sqlIdent(qualified);
  return `${sqlIdent(qualified.slice(0, dot))}.${sqlIdent(qualified.slice(dot + 1))}`;
}

/** A string literal of our SQL dialect (backslash escapes, doubled quotes). */
export function sqlString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
