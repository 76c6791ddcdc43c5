import { SOURCE_ENGINES } from '../engines/sources/connect';
import type { QualifiedName } from '../dialect/ast';
import { NotFoundError, ValidationError } from '../errors';
import type { DataSourceService } from '../services/data-sources/service';
import type { ViewService } from '../services/views/service';
import type { SqlRouter } from './router';
import {
  HANDLER_COLUMNS,
  handlerRow,
  INDEX_COLUMNS,
  TABLE_STATUS_COLUMNS,
  topicListing,
  UNSERVED_CATALOG_COLUMNS,
} from './show-listings';
import { table, type SqlSession } from '../domain/sql';

const quoteName = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const qualified = (name: QualifiedName, session: SqlSession) =>
  (name.parts.length > 1 ? name.parts : [session.db, ...name.parts]).map(quoteName).join('.');

/**
 * The SHOW listings beyond databases, tables and each kind of object: MySQL's (variables, columns, index,
 * table status, create table, ...) and MindsDB's catalogs (views, models, ML engines, handlers, chatbots,
 * skills, triggers, integrations). LIKE and WHERE are applied to every listing by the router (show-filter.ts).
 */
export function registerShowHandlers(
  router: SqlRouter,
  deps: { views: Pick<ViewService, 'list'>; sources: Pick<DataSourceService, 'list'> },
): void {
  router.register('show_topic', async (s) => {
    const { columns, rows } = topicListing(s.topic);
    return table(columns, rows);
  });

  // A table's columns, as the table answers a SELECT: files, views, knowledge bases, data sources alike. The
  // types are left NULL: a column's values say its type, and not every source declares one.
  router.register('show_columns', async (s, session, run) => {
    const name = qualified(s.table, session);
    const probe = await router.execute(`SELECT * FROM ${name} LIMIT 0`, session, run);
    if (probe.type === 'error')
      throw new NotFoundError(`Table ${name} cannot be described: ${probe.error_message}`);
    if (probe.type !== 'table') throw new ValidationError(`${name} is not a table`);
    const extra = s.full ? [null, 'select', ''] : [];
    return table(
      [
        'Field',
        'Type',
        'Null',
        'Key',
        'Default',
        'Extra',
        ...(s.full ? ['Collation', 'Privileges', 'Comment'] : []),
      ],
      probe.column_names.map((c) => [c, null, 'YES', '', null, '', ...extra]),
    );
  });

  router.register('show_index', async () => table(INDEX_COLUMNS, []));

  // Each table of the database (SHOW TABLES), with what MySQL's listing holds; sizes are not kept.
  router.register('show_table_status', async (s, session, run) => {
    const db = s.from ?? session.db;
    const tables = await router.execute(`SHOW TABLES FROM ${quoteName(db)}`, session, run);
    if (tables.type === 'error') throw new NotFoundError(tables.error_message);
    if (tables.type !== 'table') return table(TABLE_STATUS_COLUMNS, []);
    return table(
      TABLE_STATUS_COLUMNS,
      tables.data.map(([name]) => [
        name,
        'InnoDB',
        10,
        'Dynamic',
        ...Array(10).fill(null),
        'utf8mb4_0900_ai_ci',
        null,
        '',
        '',
      ]),
    );
  });

  // MindsDB's answer: the table's name and an empty definition (no DDL is kept for a table here either).
  router.register('show_create_table', async (s) => {
    const name = s.table.parts.at(-1)!;
    return table(['Table', 'Create Table'], [[name, `create table ${name} ()`]]);
  });

  router.register('show_catalog', async (s, session) => {
    const project = s.from ?? session.db;
    switch (s.catalog) {
      case 'views':
        return table(
          ['NAME', 'PROJECT', 'QUERY'],
          (await deps.views.list(project)).map((v) => [v.name, project, v.query]),
        );
      case 'integrations':
        return table(
          ['NAME', 'TYPE', 'ENGINE'],
          (await deps.sources.list()).map((d) => [d.name, 'data', d.engine]),
        );
      case 'handlers':
        return table(HANDLER_COLUMNS, SOURCE_ENGINES.map(handlerRow));
      default:
        return table(UNSERVED_CATALOG_COLUMNS[s.catalog], []);
    }
  });

  router.register('show_unkept', async (s) => {
    throw new ValidationError(
      `SHOW ${s.category} is not offered here: it lists a MySQL server's own state (logs, replication, privileges, profiles, engines' internals), which this server does not have`,
    );
  });
}
