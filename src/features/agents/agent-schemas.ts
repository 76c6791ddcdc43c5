import { useDatabase } from '../../api/databases/queries';
import { useDatabases } from '../../api/tree/queries';

/**
 * The schemas whose tables an agent may name as `db.table` on a PostgreSQL source: the source's `schema`
 * parameter and `public`, the ones its connection finds by name alone (the server's rule, in
 * server/services/data-sources/agent-tables.ts). Undefined for other databases, whose tables all qualify.
 */
export function useAgentSchemas(db: string): Set<string> | undefined {
  const databases = useDatabases();
  const postgres = databases.data?.find((d) => d.name === db)?.engine === 'postgres';
  const source = useDatabase(db, postgres);
  if (!postgres) return undefined;
  // A connected source answers its parameters; a project or `files` answers none.
  const data = (source.data as { connection_data?: Record<string, unknown> } | undefined)?.connection_data;
  const schema = typeof data?.schema === 'string' && data.schema ? data.schema : 'public';
  return new Set(['public', schema]);
}
