import { queryOptions, useQuery } from '@tanstack/react-query';
import { viewSchema, viewsSchema } from '../../../protocol/api/views';
import { qualifiedName } from '../../lib/sql-text';
import { projectObjectPath, projectObjectQueries } from '../project-objects';
import { runSql } from '../sql/run-sql';
import { viewKeys } from './keys';

export const viewApiPath = projectObjectPath('views');

const queries = projectObjectQueries(viewApiPath, viewKeys, { list: viewsSchema, one: viewSchema });
export const viewQuery = queries.one;

/** How many of a view's rows its page shows. */
export const PREVIEW_ROWS = 20;

/** A view's first rows, read as any client reads a view; a SQL error comes back as the result it is. */
const viewRowsQuery = (project: string, name: string) =>
  queryOptions({
    queryKey: viewKeys.rows(project, name),
    queryFn: ({ signal }) =>
      runSql({
        query: `SELECT * FROM ${qualifiedName(project, name)} LIMIT ${PREVIEW_ROWS}`,
        context: { db: project },
        signal,
      }),
  });

export const useViews = (project: string) => useQuery(queries.list(project));
export const useView = (project: string, name: string) => useQuery(viewQuery(project, name));
export const useViewRows = (project: string, name: string) => useQuery(viewRowsQuery(project, name));
