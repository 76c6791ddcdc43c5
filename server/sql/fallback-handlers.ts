import { NotFoundError, ValidationError } from '../errors';
import type { EngineSelect } from './engine-select';
import type { SqlRouter } from './router';

/**
 * The answers when no other handler knew the statement; registered last (see register-handlers.ts).
 * DESCRIBE of a name that no knowledge base, agent or data source holds names it; any other SELECT runs on the
 * SQL engine (file tables, plain expressions), whose table check refuses what it does not know.
 */
export function registerFallbackHandlers(router: SqlRouter, deps: { engine: EngineSelect }): void {
  router.register('describe', async (s, session) => {
    const [project, name] = s.name.parts.length === 2 ? s.name.parts : [session.db, s.name.parts[0]];
    throw new NotFoundError(`'${name}' is neither a knowledge base nor an agent in project '${project}'`);
  });

  // UPDATE changes knowledge bases only (their handler answers first).
  router.register('update', async (s) => {
    throw new ValidationError(
      `'${s.target.parts.join('.')}' cannot be updated: UPDATE changes the rows of knowledge bases; tables of files and data sources are read here, not written`,
    );
  });

  router.register('select', (s, session, { signal, partialResults, caller }) =>
    deps.engine.run(s, session, { signal, partialResults, caller }),
  );
}
