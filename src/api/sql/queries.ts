import { queryOptions } from '@tanstack/react-query';
import { sqlKeys } from './keys';
import { quoteIdentifier } from './identifiers';
import { runSql } from './mutations';

/**
 * The columns of a table, read with `SELECT * ... LIMIT 0`: it works for every data source (uploaded files
 * and external databases alike), returns no rows, and needs no statement the server might not have.
 * Only for tables: on an agent the same SELECT would ask its model a question.
 */
export const tableColumnsQuery = (db: string, table: string) =>
  queryOptions({
    queryKey: sqlKeys.columns(db, table),
    queryFn: async ({ signal }) => {
      const result = await runSql({
        query: `SELECT * FROM ${quoteIdentifier(db)}.${quoteIdentifier(table)} LIMIT 0`,
        context: { db },
        signal,
      });
      return result.type === 'table' ? result.column_names : [];
    },
    // Schemas change rarely; the worksheet refreshes them after DDL it runs itself.
    staleTime: 5 * 60_000,
  });
