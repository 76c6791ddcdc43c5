// The import rules that keep the layers apart (docs/architecture.md), as zones of
// import/no-restricted-paths: a file under `target` may not import anything under `from`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The console's features (src/features/*): each stands alone, shared code lives in components/, lib/, api/. */
function features() {
  const dir = path.join(root, 'src/features');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

export function architectureZones() {
  const zone = (target, from, message, except) => ({
    target: path.join(root, target),
    from: path.join(root, from),
    ...(except ? { except } : {}),
    message,
  });
  return [
    ...features().map((name) =>
      zone(
        `src/features/${name}`,
        'src/features',
        'A console feature does not import another feature: move what both need to src/components or src/lib.',
        [`./${name}`],
      ),
    ),
    zone('src', 'server', 'The console talks to the server over HTTP only (src/api), never by import.'),
    zone('server', 'src', 'The server does not import the console: share types through protocol/.'),
    zone('server/services', 'server/routes', 'A service does not import a route: routes call services.'),
    zone('server/engines', 'server/services', 'An engine does not import a service: services use engines.'),
    zone('protocol', 'src', 'protocol/ is shared by both sides and imports neither.'),
    zone('protocol', 'server', 'protocol/ is shared by both sides and imports neither.'),
  ];
}
