import type { DataSourceService } from './service';

/**
 * A source's tables for the object browser, as MindsDB's tree answers: one node per table, or, when the
 * source has several schemas (PostgreSQL), one `schema` node per schema with its tables inside.
 */
export async function sourceTree(sources: DataSourceService, name: string) {
  const tables = await sources.tables(name);
  const node = (t: { name: string; schema: string; type: string }) => ({
    name: t.name,
    class: 'table',
    type: t.type === 'VIEW' ? 'view' : 'table',
    engine: null,
    deletable: false,
    schema: t.schema,
  });
  const schemas = [...new Set(tables.map((t) => t.schema))];
  if (schemas.length <= 1) return tables.map(node);
  return schemas.map((schema) => ({
    name: schema,
    class: 'schema',
    type: 'schema',
    engine: null,
    deletable: false,
    children: tables.filter((t) => t.schema === schema).map(node),
  }));
}
