import Papa from 'papaparse';

/**
 * What the agent's tools are called, what arguments they take and how their observations are written. The tools
 * (in the agents service) write observations with these helpers and the local model reads them back, so both
 * sides agree on one format: the one of api.md, which real models and the console also read.
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

export const KB_COLUMNS = ['id', 'chunk_id', 'chunk_content', 'metadata', 'distance', 'relevance'] as const;

export const outputColumnsLine = (columns: readonly string[]) =>
  `Output columns: ${columns.map((c) => `'${c}'`).join(', ')}`;

/** `Output columns: ...` and then the rows as CSV with a header row. Objects are written as JSON. */
export function formatRows(columns: readonly string[], rows: readonly unknown[][]): string {
  const cells = rows.map((row) =>
    row.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v)),
  );
  const csv = Papa.unparse({ fields: [...columns], data: cells }, { newline: '\n' });
  return `${outputColumnsLine(columns)}\n${csv}`;
}

/** Reads an observation written by `formatRows` back into records; null when the text is not one. */
export function parseRows(observation: string): Record<string, string>[] | null {
  const newline = observation.indexOf('\n');
  if (!observation.startsWith('Output columns:')) return null;
  if (newline === -1) return [];
  const parsed = Papa.parse<Record<string, string>>(observation.slice(newline + 1), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data;
}

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
