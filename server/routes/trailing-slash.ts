import type { RouteOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * MindsDB answers its collections both with and without a trailing slash (`/api/files` and `/api/files/`),
 * and clients use both. Routes here are registered in either form (some in both), so instead of the router's
 * own option (which refuses a route declared in both forms) a request's path is adjusted before routing:
 * when no route has its exact form but one has the form with (or without) the slash, that one is used.
 */
export function trailingSlashRewriter() {
  const patterns: { re: RegExp; collection: boolean }[] = [];
  const known = (path: string) => patterns.some((p) => p.re.test(path));
  // Only collections (a path ending in a fixed word: `/api/files`, `/api/projects/p/agents`) take the other
  // form; an item (`/api/projects/{name}`) does not, as in MindsDB.
  const knownCollection = (path: string) => patterns.some((p) => p.collection && p.re.test(path));

  return {
    /** For `addHook('onRoute')`: remembers each route's path as a pattern (`:name` matches one segment). */
    onRoute(route: RouteOptions): void {
      const parts = route.url.split('/');
      const source = parts
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      const last = parts.filter(Boolean).at(-1) ?? '';
      patterns.push({
        re: new RegExp(`^${source}$`),
        collection: !last.startsWith(':') && !last.includes('*'),
      });
    },
    /** For Fastify's `rewriteUrl` option. */
    rewriteUrl(request: IncomingMessage): string {
      const url = request.url ?? '/';
      if (!url.startsWith('/api/')) return url;
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const query = q === -1 ? '' : url.slice(q);
      if (known(path)) return url;
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      return knownCollection(other) ? other + query : url;
    },
  };
}
