import type { AppDeps } from '../server/routes/app-deps';

/**
 * Runs SQL through the server's SQL service as the worksheet would (project `mindsdb`), throwing on an error
 * answer: how the benchmarks build and query their data.
 */
export function sqlRunner(deps: Pick<AppDeps, 'sql'>) {
  const session = { db: 'mindsdb', show_secrets: false };
  return async (query: string) => {
    const r = await deps.sql.execute(query, session);
    if (r.type === 'error') throw new Error(r.error_message);
    return r;
  };
}
