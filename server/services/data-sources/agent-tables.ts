import type { ExternalTables } from '../agents/resolve';
import type { DataSourceService } from './service';

/**
 * A source's tables as an agent names them: `shop.<table>`, one name per table. On PostgreSQL only the
 * tables the connection finds by name alone are listed (its `schema` parameter, then `public`): the others
 * would need a three-part name, which an agent's query may not use.
 */
export function agentTablesOf(sources: DataSourceService): ExternalTables {
  return {
    isSource: async (name) => (await sources.find(name)) !== undefined,
    tableNames: async (source) => {
      const stored = await sources.get(source);
      const tables = await sources.tables(source);
      const onPath = new Set(['public', String(stored.parameters.schema ?? 'public')]);
      const visible =
        (await sources.dialect(source)) === 'postgres' ? tables.filter((t) => onPath.has(t.schema)) : tables;
      return [...new Set(visible.map((t) => t.name))];
    },
  };
}
