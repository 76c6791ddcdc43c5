import type { KnowledgeBaseService } from '../services/knowledge-bases/service';
import { ValidationError } from '../errors';
import { isDataSource, locate } from './kb-names';
import { toFilter } from './kb-where';
import type { SqlRouter } from './router';
import { ok } from '../domain/sql';

/**
 * UPDATE kb SET ... WHERE ..., CREATE INDEX and DROP INDEX ON KNOWLEDGE_BASE kb. An UPDATE of a data source's table is
 * handed on (undefined), so that the router names it as not supported here.
 */
export function registerKbManageHandlers(router: SqlRouter, deps: { kbs: KnowledgeBaseService }): void {
  const { kbs } = deps;

  router.register('update', async (s, session) => {
    const target = locate(s.target, session);
    if (isDataSource(target.project)) return undefined;
    // Named before anything else is checked: an UPDATE of a project can only mean a knowledge base.
    await kbs.get(target.project, target.name);
    if (!s.where) {
      throw new ValidationError(
        'UPDATE on a knowledge base needs a WHERE naming the rows to change (for example WHERE id = 1)',
      );
    }
    const computed = s.set.find((a) => a.expression !== undefined);
    if (computed || s.from) {
      throw new ValidationError(
        `UPDATE on a knowledge base sets its columns to values${computed ? `: '${computed.column} = ${computed.expression}' is an expression` : ', not from a SELECT'} (to copy rows in from a query, use INSERT INTO kb SELECT ...)`,
      );
    }
    return ok(await kbs.updateWhere(target.project, target.name, s.set, [toFilter(s.where)]));
  });

  router.register('create_kb_index', async (s, session) => {
    const given = Object.keys(s.params);
    if (given.length > 0) {
      throw new ValidationError(
        `CREATE INDEX takes no WITH (${given.join(', ')}) here: the vector index's kind and sizes are chosen from the knowledge base's size and kept up as it grows`,
      );
    }
    const target = locate(s.name, session);
    await kbs.buildIndex(target.project, target.name);
    return ok(0);
  });

  // The index is kept up by the server (built once a table's writes pause): there is none to drop by hand.
  router.register('drop_kb_index', async (s, session) => {
    const target = locate(s.name, session);
    await kbs.get(target.project, target.name);
    throw new ValidationError(
      "DROP INDEX is not offered here: a knowledge base's vector index is kept up by the server as the knowledge base changes, and searches need it",
    );
  });
}
