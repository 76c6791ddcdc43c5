import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@uiw/react-codemirror';
import { describe, expect, it, vi } from 'vitest';
import {
  AGENT_COLUMNS,
  buildNamespace,
  columnCompletionSource,
  KB_COLUMNS,
  type ColumnLookup,
} from './completion';

const tables: Record<string, string[]> = {
  'files.orders': ['id', 'item', 'amount'],
  'files.users': ['id', 'name'],
};

function lookup(): ColumnLookup & {
  fetchColumns: ReturnType<typeof vi.fn>;
  fetchMetadataColumns: ReturnType<typeof vi.fn>;
} {
  return {
    defaultDb: () => 'mindsdb',
    kindOf: (db, name) => {
      if (db === 'mindsdb') return name === 'kb' ? 'knowledge_base' : name === 'bot' ? 'agent' : undefined;
      return tables[`${db}.${name}`] ? 'table' : undefined;
    },
    fetchColumns: vi.fn(async (db: string, table: string) => tables[`${db}.${table}`] ?? []),
    fetchMetadataColumns: vi.fn(async () => ['author', 'id']),
  };
}

/** Runs the source with the cursor where `|` is. */
async function complete(text: string, l = lookup(), explicit = false): Promise<CompletionResult | null> {
  const pos = text.indexOf('|');
  const doc = text.replace('|', '');
  const ctx = new CompletionContext(EditorState.create({ doc }), pos, explicit);
  return columnCompletionSource(l)(ctx) as Promise<CompletionResult | null>;
}
const labels = (r: CompletionResult | null) => r?.options.map((o) => o.label);

describe('columnCompletionSource', () => {
  it("offers the columns of a data source's table written with its schema (db.schema.table)", async () => {
    const l = lookup();
    l.kindOf = (db, name, schema) =>
      db === 'shop' && schema === 'sales' && name === 'leads' ? 'table' : undefined;
    l.fetchColumns.mockImplementation(async (db: string, table: string, schema?: string) =>
      `${db}.${schema}.${table}` === 'shop.sales.leads' ? ['lead_id', 'email'] : [],
    );
    expect(labels(await complete('SELECT | FROM shop.sales.leads', l, true))).toEqual(['lead_id', 'email']);
    expect(labels(await complete('SELECT shop.sales.leads.e| FROM shop.sales.leads', l))).toEqual([
      'lead_id',
      'email',
    ]);
    expect(labels(await complete('SELECT l.| FROM shop.sales.leads AS l', l))).toEqual(['lead_id', 'email']);
    expect(l.fetchColumns).toHaveBeenCalledWith('shop', 'leads', 'sales');
  });

  it('offers the columns of the tables a statement reads', async () => {
    const r = await complete('SELECT i| FROM files.orders');
    expect(labels(r)).toEqual(['id', 'item', 'amount']);
    expect(r?.from).toBe(7);
  });

  it('resolves aliases and merges columns of joined tables without duplicates', async () => {
    expect(labels(await complete('SELECT u.| FROM files.orders o JOIN files.users u ON 1'))).toEqual([
      'id',
      'name',
    ]);
    expect(labels(await complete('SELECT n| FROM files.orders o JOIN files.users u ON 1'))).toEqual([
      'id',
      'item',
      'amount',
      'name',
    ]);
  });

  it('completes db.table. directly, starting after the last dot', async () => {
    const r = await complete('SELECT files.users.na|');
    expect(labels(r)).toEqual(['id', 'name']);
    expect(r?.from).toBe('SELECT files.users.'.length);
  });

  it("knows knowledge base and agent columns, adding a KB's metadata columns", async () => {
    const l = lookup();
    expect(labels(await complete('SELECT c| FROM kb', l))).toEqual([...KB_COLUMNS, 'author']);
    expect(l.fetchMetadataColumns).toHaveBeenCalledWith('mindsdb', 'kb');
    expect(labels(await complete('SELECT a| FROM bot', l))).toEqual(AGENT_COLUMNS);
    expect(l.fetchColumns).not.toHaveBeenCalled();
  });

  it('only looks at the statement under the cursor', async () => {
    expect(labels(await complete('SELECT * FROM files.users; SELECT i| FROM files.orders'))).toEqual([
      'id',
      'item',
      'amount',
    ]);
  });

  it('never queries a name the tree does not list as a table (it could be an agent)', async () => {
    const l = lookup();
    expect(await complete('SELECT a| FROM mindsdb.unknown_thing', l)).toBeNull();
    expect(l.fetchColumns).not.toHaveBeenCalled();
  });

  it('offers nothing without a table, and survives a failing lookup', async () => {
    expect(await complete('SELECT i|')).toBeNull();
    const l = lookup();
    l.fetchColumns.mockRejectedValue(new Error('down'));
    expect(await complete('SELECT i| FROM files.orders', l)).toBeNull();
  });

  it('completes on request (explicit) even before a word is typed', async () => {
    expect(await complete('SELECT | FROM files.users')).toBeNull();
    expect(labels(await complete('SELECT | FROM files.users', lookup(), true))).toEqual(['id', 'name']);
  });
});

interface Level {
  self: { detail: string };
  children: Record<string, { self: { detail: string }; children: unknown[] }>;
}
type Namespace = Record<string, Level>;

describe('buildNamespace', () => {
  it('nests objects under their database, with kinds and known columns', () => {
    const ns = buildNamespace(
      [
        { name: 'mindsdb', type: 'project' },
        { name: 'files', type: 'data' },
      ],
      {
        mindsdb: [
          { name: 'kb', class: 'table', type: 'knowledge_base' },
          { name: 'bot', class: 'table', type: 'agent' },
          { name: 'm', class: 'table', type: 'model' },
        ],
        files: [
          { name: 'orders', class: 'table', type: 'table' },
          { name: 'public', class: 'schema', children: [{ name: 'users', class: 'table', type: 'table' }] },
        ],
      },
    ) as unknown as Namespace;
    expect(ns.mindsdb.self.detail).toBe('project');
    expect(ns.files.self.detail).toBe('data source');
    expect(Object.keys(ns.mindsdb.children)).toEqual(['kb', 'bot', 'm']);
    expect(ns.mindsdb.children.m.self.detail).toBe('model');
    expect(ns.files.children.public.self.detail).toBe('schema');
    expect(Object.keys((ns.files.children.public as unknown as Level).children)).toEqual(['users']);
    expect(ns.mindsdb.children.kb.self.detail).toBe('knowledge base');
    expect(ns.mindsdb.children.kb.children).toHaveLength(KB_COLUMNS.length);
    expect(ns.files.children.orders.children).toEqual([]);
  });
});
