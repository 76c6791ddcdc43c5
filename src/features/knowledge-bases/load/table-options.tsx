import { useQueries } from '@tanstack/react-query';
import type { FileInfo } from '../../../../protocol/api/files';
import type { TreeObject } from '../../../../protocol/api/tree';
import type { TableRef } from '../../../api/knowledge-bases/sql';
import { databaseObjectsQuery, useDatabases } from '../../../api/tree/queries';
import { plural } from '../../../components/format';
import { choiceKey, choiceLabel } from './table-choice';

/** The tables of a data source from its tree: bare, or inside one node per schema (PostgreSQL). */
function sourceTables(db: string, objects: TreeObject[]): TableRef[] {
  return objects.flatMap((o) =>
    o.class === 'schema'
      ? (o.children ?? []).map((c) => ({ db, schema: o.name, table: c.name }))
      : [{ db, table: o.name, ...(o.schema ? { schema: o.schema } : {}) }],
  );
}

export type SourceTables = ReturnType<typeof useSourceTables>;

/** The connected data sources (not `files`, projects or system databases) and their tables. */
export function useSourceTables() {
  const databases = useDatabases();
  const sources = (databases.data ?? []).filter(
    (db) => db.type === 'data' && db.name !== 'files' && db.class !== 'project',
  );
  const lists = useQueries({ queries: sources.map((db) => databaseObjectsQuery(db.name)) });
  return sources.map((db, i) => ({
    db: db.name,
    engine: db.engine,
    tables: sourceTables(db.name, lists[i]?.data ?? []),
    error: lists[i]?.error?.message,
  }));
}

/**
 * The tables a KB can take its rows from, as options whose values are choice keys (table-choice.ts): those of
 * `files`, then each data source's, under its name and engine. Shared by the load tab's picker and the create
 * page's "Shape after a table", so both offer the same tables.
 */
export function TableOptions({
  files,
  sources,
  none,
}: {
  files: FileInfo[];
  sources: SourceTables;
  /** The first option, for no table yet. */
  none: string;
}) {
  return (
    <>
      <option value="">{none}</option>
      {files.length ? (
        <optgroup label="files">
          {files.map((f) => (
            <option key={f.name} value={f.name}>
              files.{f.name}
              {typeof f.row_count === 'number' ? ` (${plural(f.row_count, 'row')})` : ''}
            </option>
          ))}
        </optgroup>
      ) : null}
      {sources.map((s) => (
        <optgroup key={s.db} label={`${s.db}${s.engine ? ` (${s.engine})` : ''}`}>
          {s.tables.map((t) => (
            <option key={choiceKey(t)} value={choiceKey(t)}>
              {choiceLabel(t)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
