import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem } from './problem';

/** Built files whose names carry a content hash: they never change under their name. */
const HASHED_ASSETS = /[\\/]assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: kept, but checked with the server (ETag) before each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console, with index.html for every non-API path (client-side routes, deep links). The
 * build writes a brotli and a gzip copy beside each file; the one the browser accepts is sent as is.
 */
export function registerConsole(app: FastifyInstance, staticDir: string | undefined): void {
  const index = staticDir ? path.join(staticDir, 'index.html') : undefined;
  const hasConsole = index !== undefined && existsSync(index);
  if (hasConsole) {
    app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header('Cache-Control', HASHED_ASSETS.test(filePath) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath.startsWith('/api/') || urlPath === '/api' || request.method !== 'GET') {
      return sendProblem(reply, 404, `No route ${request.method} ${urlPath}`);
    }
    if (!hasConsole) {
      return reply.type('text/plain').send('The console is not built: run `npm run build` (or `npm start`).');
    }
    // A path under /assets/ that is not there is a stale hashed name, not a page: answer 404 (not index.html,
    // which the browser would try to run as a script).
    if (urlPath.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('text/html').sendFile('index.html');
  });
}
