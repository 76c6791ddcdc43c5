import { schemaCompletionSource } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { TreeObject } from '../../../protocol/api/tree';
import { knowledgeBaseMetadataQuery, tableColumnsQuery } from '../../api/sql/queries';
import { databaseObjectsQuery, useDatabases } from '../../api/tree/queries';
import { buildNamespace, columnCompletionSource, objectKind, type ColumnLookup } from './completion';
import { keywordCompletionSource } from './keyword-completion';
import { MindsDBSQL } from './mindsdb-dialect';

const NONE: TreeObject[] = [];
/** Stable, so the combined array keeps its identity until some list changes. */
const listsOf = (results: { data?: TreeObject[] }[]) => results.map((r) => r.data ?? NONE);

/**
 * The editor's language: MindsDB highlighting plus completion of databases, their tables, knowledge bases
 * and agents (from the object tree the browser also shows, so it shares the cache), and of columns.
 * `defaultDb` is the tab's session database, whose objects complete without a prefix.
 */
export function useSqlLanguage(defaultDb: string) {
  const queryClient = useQueryClient();
  const databases = useDatabases();
  const objectLists = useQueries({
    queries: (databases.data ?? []).map((db) => ({ ...databaseObjectsQuery(db.name), staleTime: 60_000 })),
    combine: listsOf,
  });

  const objects = useMemo(() => {
    const byDb: Record<string, TreeObject[]> = {};
    (databases.data ?? []).forEach((db, i) => (byDb[db.name] = objectLists[i] ?? NONE));
    return byDb;
  }, [databases.data, objectLists]);

  // The completion source reads these through a ref, so it never needs to be rebuilt for them.
  const latest = useRef({ defaultDb, objects });
  useLayoutEffect(() => {
    latest.current = { defaultDb, objects };
  }, [defaultDb, objects]);

  const lookup = useMemo<ColumnLookup>(
    () => ({
      defaultDb: () => latest.current.defaultDb,
      kindOf: (db, name, schema) => {
        const entry = Object.entries(latest.current.objects).find(
          ([n]) => n.toLowerCase() === db.toLowerCase(),
        );
        const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
        // A data source with several schemas lists its tables inside one node per schema; one with a single
        // schema lists them flat, each with its schema.
        const list = schema
          ? (entry?.[1].find((o) => o.class === 'schema' && same(o.name, schema))?.children ??
            entry?.[1].filter((o) => o.class !== 'schema' && same(o.schema ?? schema, schema)))
          : entry?.[1];
        const obj = list?.find((o) => same(o.name, name));
        return obj ? objectKind(obj) : undefined;
      },
      fetchColumns: (db, table, schema) => queryClient.fetchQuery(tableColumnsQuery(db, table, schema)),
      fetchMetadataColumns: (db, kb) => queryClient.fetchQuery(knowledgeBaseMetadataQuery(db, kb)),
    }),
    [queryClient],
  );

  return useMemo(
    () => [
      // The dialect's own keyword completion would offer every MySQL keyword: ours replaces it.
      new LanguageSupport(MindsDBSQL.language, [
        MindsDBSQL.language.data.of({
          autocomplete: schemaCompletionSource({
            dialect: MindsDBSQL,
            schema: buildNamespace(databases.data ?? [], objects),
            defaultSchema: defaultDb,
          }),
        }),
        MindsDBSQL.language.data.of({ autocomplete: keywordCompletionSource }),
      ]),
      MindsDBSQL.language.data.of({ autocomplete: columnCompletionSource(lookup) }),
    ],
    [databases.data, objects, defaultDb, lookup],
  );
}
