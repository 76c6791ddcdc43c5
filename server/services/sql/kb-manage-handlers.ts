import type { KnowledgeBaseService } from '../knowledge-bases/service';
import { ValidationError } from '../../errors';
import { isDataSource, locate } from './kb-handlers';
import { toFilter } from './kb-where';
import type { SqlRouter } from './router';
import { ok } from './types';

/**
 * UPDATE kb SET ... WHERE ... and CREATE INDEX ON KNOWLEDGE_BASE kb. An UPDATE of a data source's table is
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
    return ok(await kbs.updateWhere(target.project, target.name, s.set, [toFilter(s.where)]));
  });

  router.register('create_kb_index', async (s, session) => {
    const target = locate(s.name, session);
    await kbs.buildIndex(target.project, target.name);
    return ok(0);
  });
}
