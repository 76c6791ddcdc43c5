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

/**
 * Only server/engines/ (which opens the databases) and server/store/ (which owns every catalog table and its
 * SQL) may take DuckDB itself: the driver package, or the DuckDb class as a value (to open an engine). Other
 * server code receives the engine it needs, typed (`import type { DuckDb }`): the data database for users'
 * SQL, or the catalog only to hand it to a store.
 */
export const ENGINE_IMPORT_FILES = ['server/**/*.ts'];
export const ENGINE_IMPORT_ALLOWED = [
  'server/engines/**',
  'server/store/**',
  'server/test/**',
  'server/**/*.test.ts',
];

export function engineImportRestrictions() {
  const message =
    'Only server/engines and server/store open DuckDB: receive the engine as a type, and put catalog SQL in server/store.';
  // The class is named per path (the rule matches import names only on exact paths): server files lie at
  // most four folders below server/.
  const depths = ['..', '../..', '../../..', '../../../..'];
  return {
    paths: [
      ...depths.map((up) => ({
        name: `${up}/engines/duckdb`,
        importNames: ['DuckDb'],
        allowTypeImports: true,
        message,
      })),
      { name: 'duckdb', message },
    ],
    patterns: [{ group: ['@duckdb/*'], message }],
  };
}
