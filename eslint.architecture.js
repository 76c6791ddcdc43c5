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

/**
 * The server's floors, lowest first (docs/architecture.md): a file may import its own floor and those below it,
 * never one above. Tests are not floors: they may reach any of them.
 */
export const SERVER_FLOORS = [
  {
    name: 'util',
    paths: ['server/util/**', 'server/@(errors).ts'],
    holds: 'plain helpers and the typed errors',
  },
  { name: 'dialect', paths: ['server/dialect/**'], holds: 'the SQL dialect: tokens, statements, parser' },
  { name: 'net', paths: ['server/net/**'], holds: 'the outbound address policy' },
  {
    name: 'http',
    paths: ['server/http/**'],
    holds: 'HTTP plumbing: problems, host and origin checks, assets',
  },
  { name: 'engines', paths: ['server/engines/**'], holds: 'DuckDB, the vector store, the data sources' },
  { name: 'providers', paths: ['server/providers/**'], holds: 'models: embedding, chat, reranking' },
  { name: 'domain', paths: ['server/domain/**'], holds: 'the records and rules store/ and services/ share' },
  { name: 'store', paths: ['server/store/**'], holds: 'the catalog tables and their SQL' },
  {
    name: 'services',
    paths: ['server/services/**'],
    holds: 'what the product does, one service per resource',
  },
  { name: 'sql', paths: ['server/sql/**'], holds: 'the one front door for SQL: router, handlers, streamers' },
  { name: 'routes', paths: ['server/routes/**'], holds: 'the HTTP API' },
  {
    name: 'app',
    // An extglob, as every zone's paths must be patterns.
    paths: ['server/@(app|main|open-services|config).ts'],
    holds: 'assembly: opening the services, the Fastify app, the command line',
  },
];

/** Tests stand outside the floors: they build and probe any of them (eslint.config.js lifts the floor rule). */
export const SERVER_TEST_FILES = ['server/test/**', 'server/**/*.test.ts'];

function serverFloorZones() {
  return SERVER_FLOORS.slice(0, -1).map((floor, i) => {
    const above = SERVER_FLOORS.slice(i + 1);
    return {
      target: floor.paths.map((p) => path.join(root, p)),
      from: above.flatMap((f) => f.paths).map((p) => path.join(root, p)),
      message: `server/${floor.name} (${floor.holds}) sits below ${above.map((f) => f.name).join(', ')}: import downwards only (docs/architecture.md).`,
    };
  });
}

export function architectureZones({ floors = true } = {}) {
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
    ...(floors ? serverFloorZones() : []),
    {
      target: path.join(root, 'server/routes/**'),
      from: ['server/engines/**', 'server/store/**', 'server/dialect/**'].map((p) => path.join(root, p)),
      // AppDeps names the opened databases' type, which routes hand on (to tests, to close) and never query.
      except: [path.join(root, 'server/engines/@(catalog).ts')],
      message:
        'A route reaches engines, stores and the SQL parser only through services or the SQL layer (server/sql).',
    },
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
