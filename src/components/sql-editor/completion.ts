import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';
import type { SQLNamespace } from '@codemirror/lang-sql';
import type { TreeDatabase, TreeObject } from '../../../protocol/api/tree';
import { referencedTables, type TableRef } from '../../lib/sql/referenced-tables';
import { KB_CONTENT_ALIAS, KB_SEARCH_COLUMNS } from '../../../protocol/kb-search';
import { splitStatements, statementAt } from '../../lib/sql/split-statements';

/** What a tree object is, as far as completion cares; `other` (models, jobs...) completes by name only. */
export type ObjectKind = 'table' | 'knowledge_base' | 'agent' | 'other';

/** Columns every knowledge base answers with, plus `content`, the column its semantic search is written on. */
export const KB_COLUMNS: string[] = [...KB_SEARCH_COLUMNS, KB_CONTENT_ALIAS];
/** What an agent is asked with and answers in. */
export const AGENT_COLUMNS = ['question', 'answer'];

/** Our objects rank above keywords (which keyword-completion.ts boosts below zero). */
const OBJECT_BOOST = 1;

// CodeMirror draws an icon per completion type; these pick distinct ones for each kind.
const OBJECT_TYPE: Record<ObjectKind, string> = {
  table: 'class',
  knowledge_base: 'interface',
  agent: 'function',
  other: 'variable',
};

/**
 * The kind of an object from `/api/tree/{db}`. Like MindsDB, the server answers `class: 'table'` for every
 * object and tells the kind in `type`; a `class: 'schema'` node is a folder of tables, not a table.
 */
export function objectKind(obj: Pick<TreeObject, 'class' | 'type'>): ObjectKind | undefined {
  if (obj.class === 'schema') return undefined;
  const type = (obj.type ?? obj.class ?? 'table').toLowerCase();
  if (type === 'knowledge_base' || type === 'knowledgebase') return 'knowledge_base';
  if (type === 'agent') return 'agent';
  if (type === 'table' || type === 'view' || type === 'base table' || type === 'data') return 'table';
  return 'other';
}

const detailOf = (obj: TreeObject, kind: ObjectKind) =>
  kind === 'knowledge_base' ? 'knowledge base' : kind === 'other' ? (obj.type ?? 'object') : kind;

function databaseDetail(db: TreeDatabase): string {
  if (db.type === 'project' || db.class === 'project') return 'project';
  if (db.type === 'system') return 'system';
  return 'data source';
}

/**
 * The completion tree for the editor: databases (projects and data sources), then what each holds.
 * Known column lists (knowledge bases, agents) are included; table columns are fetched when asked for.
 */
function objectEntries(objects: TreeObject[]): Record<string, SQLNamespace> {
  const entries: Record<string, SQLNamespace> = {};
  for (const obj of objects) {
    if (obj.class === 'schema') {
      // db.schema.table: the schema is one more level of the completion tree.
      const self = { label: obj.name, type: 'namespace', detail: 'schema', boost: OBJECT_BOOST };
      entries[obj.name] = { self, children: objectEntries(obj.children ?? []) };
      continue;
    }
    const kind = objectKind(obj);
    if (!kind) continue;
    const columns = kind === 'knowledge_base' ? KB_COLUMNS : kind === 'agent' ? AGENT_COLUMNS : [];
    entries[obj.name] = {
      self: { label: obj.name, type: OBJECT_TYPE[kind], detail: detailOf(obj, kind), boost: OBJECT_BOOST },
      children: columns.map((c) => ({ label: c, type: 'property' })),
    };
  }
  return entries;
}

/**
 * The completion tree for the editor: databases (projects and data sources), then what each holds.
 * Known column lists (knowledge bases, agents) are included; table columns are fetched when asked for.
 */
export function buildNamespace(
  databases: TreeDatabase[],
  objects: Record<string, TreeObject[]>,
): SQLNamespace {
  const namespace: Record<string, SQLNamespace> = {};
  for (const db of databases) {
    const self = { label: db.name, type: 'namespace', detail: databaseDetail(db), boost: OBJECT_BOOST };
    namespace[db.name] = { self, children: objectEntries(objects[db.name] ?? []) };
  }
  return namespace;
}

export interface ColumnLookup {
  /** The database unqualified names resolve in (the tab's session `db`). */
  defaultDb: () => string;
  /** Kind of a known object, to know its columns without asking (undefined: not in the tree). */
  kindOf: (db: string, name: string, schema?: string) => ObjectKind | undefined;
  /** Columns of a table (in a data source's schema, when given), from the server. */
  fetchColumns: (db: string, table: string, schema?: string) => Promise<string[]>;
  /** Metadata columns of a knowledge base (what its searches can filter on), from the server. */
  fetchMetadataColumns: (db: string, kb: string) => Promise<string[]>;
}

async function columnsOf(
  ref: { db?: string; schema?: string; table: string },
  lookup: ColumnLookup,
): Promise<string[]> {
  const db = ref.db ?? lookup.defaultDb();
  const kind = lookup.kindOf(db, ref.table, ref.schema);
  if (kind === 'knowledge_base') {
    const metadata = await lookup.fetchMetadataColumns(db, ref.table).catch(() => []);
    return [...KB_COLUMNS, ...metadata.filter((c) => !KB_COLUMNS.includes(c))];
  }
  if (kind === 'agent') return AGENT_COLUMNS;
  // Only known tables are asked for: a SELECT on an unknown name might ask an agent's or a model's model.
  if (kind !== 'table') return [];
  try {
    return await lookup.fetchColumns(db, ref.table, ref.schema);
  } catch {
    return [];
  }
}

const eq = (a: string | undefined, b: string | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Which table `qualifier.` means in a statement: an alias, a table name, db.table, or (three parts) a data
 * source's db.schema.table.
 */
function resolveQualifier(
  parts: string[],
  refs: TableRef[],
): { db?: string; schema?: string; table: string } | undefined {
  if (parts.length >= 3) return { db: parts[0], schema: parts[1], table: parts[2] };
  if (parts.length === 2) return { db: parts[0], table: parts[1] };
  const [name] = parts;
  return refs.find((r) => eq(r.alias, name)) ?? refs.find((r) => eq(r.table, name) && !r.alias);
}

const toOptions = (columns: string[], detail?: string): Completion[] =>
  columns.map((label) => ({ label, type: 'property', detail, boost: 1 }));

/**
 * Completes column names: after `alias.`, `table.` or `db.table.`, the columns of that table; elsewhere in a
 * statement, the columns of the tables it reads (so `SELECT |` offers what `FROM files.orders` holds).
 */
export function columnCompletionSource(lookup: ColumnLookup): CompletionSource {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const doc = ctx.state.doc.toString();
    const statement = statementAt(doc, splitStatements(doc), ctx.pos);
    const refs = statement ? referencedTables(statement.text) : [];
    const dotted = ctx.matchBefore(/(?:[A-Za-z_][\w$]*\.){1,3}[\w$]*$/);
    if (dotted) {
      const parts = dotted.text.split('.');
      const prefix = parts.pop() ?? '';
      const target = resolveQualifier(parts, refs);
      if (!target) return null;
      const columns = await columnsOf(target, lookup);
      if (columns.length === 0) return null;
      return { from: dotted.to - prefix.length, options: toOptions(columns), validFor: /^[\w$]*$/ };
    }
    const word = ctx.matchBefore(/[\w$]+$/);
    if ((!word && !ctx.explicit) || refs.length === 0) return null;
    const lists = await Promise.all(
      refs.map(async (r) => toOptions(await columnsOf(r, lookup), r.alias ?? r.table)),
    );
    const seen = new Set<string>();
    const options = lists.flat().filter((o) => !seen.has(o.label) && seen.add(o.label));
    if (options.length === 0) return null;
    return { from: word?.from ?? ctx.pos, options, validFor: /^[\w$]*$/ };
  };
}
