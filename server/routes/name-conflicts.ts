import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { nameConflicts } from '../services/name-conflicts';

/**
 * Ours: `GET /api/name-conflicts` lists names that differ only by case (left by an older version), so that the
 * console can say which to rename: `[{kind, project, names}]`, empty when there are none.
 */
export function registerNameConflictRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/name-conflicts', async () => nameConflicts(deps.databases.catalog));
}
