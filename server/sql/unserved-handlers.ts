import { ValidationError } from '../errors';
import type { SqlRouter } from './router';
import { ok } from '../domain/sql';
import { unservedMessage } from '../domain/unserved-features';

/**
 * Statements of MindsDB's features not offered here (models, ML engines, chatbots, skills, triggers,
 * datasets): each is answered with the one message saying so and why; a DROP ... IF EXISTS of one has
 * nothing to drop, so it is done (as it would be in MindsDB with nothing of that name).
 */
export function registerUnservedHandlers(router: SqlRouter): void {
  router.register('unserved', async (s) => {
    if (s.action === 'drop' && s.ifExists) return ok(0);
    throw new ValidationError(unservedMessage(s.feature));
  });
}
