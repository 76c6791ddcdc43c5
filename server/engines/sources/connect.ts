import type { Literal } from '../../dialect/ast';
import { resolveSourceHost } from './host-check';
import { MysqlClient } from './mysql';
import { PostgresClient } from './postgres';
import { SourceError, type SourceClient } from './types';

/** Engines a data source can be created with, as MindsDB names them. */
export const SOURCE_ENGINES = ['postgres', 'mysql', 'mariadb'] as const;
export type SourceEngine = (typeof SOURCE_ENGINES)[number];

export function isSourceEngine(engine: string): engine is SourceEngine {
  return (SOURCE_ENGINES as readonly string[]).includes(engine);
}

const DEFAULT_PORTS: Record<SourceEngine, number> = { postgres: 5432, mysql: 3306, mariadb: 3306 };

function text(params: Record<string, Literal>, key: string, required: boolean): string | undefined {
  const value = params[key];
  if (value === undefined || value === null || value === '') {
    if (required) throw new SourceError(`PARAMETERS needs "${key}"`);
    return undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new SourceError(`PARAMETERS "${key}" must be text`);
  }
  return String(value);
}

function port(params: Record<string, Literal>, engine: SourceEngine): number {
  const raw = params.port ?? DEFAULT_PORTS[engine];
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 65535) {
    throw new SourceError('PARAMETERS "port" must be a port number from 1 to 65535');
  }
  return n;
}

/**
 * Checks a source's parameters (MindsDB's names: host, port, database, user, password, and schema or sslmode
 * on PostgreSQL, ssl on MySQL) and opens a pooled client. The host is looked up and checked here; nothing
 * connects yet: `check()` does.
 */
export async function openSourceClient(
  engine: SourceEngine,
  params: Record<string, Literal>,
  /** The source's name, shown to the database's administrators where the server lists connections. */
  label?: string,
  /** How long connecting may take (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number,
): Promise<SourceClient> {
  const known = new Set(['host', 'port', 'database', 'user', 'password', 'schema', 'sslmode', 'ssl']);
  const unknown = Object.keys(params).find((k) => !known.has(k));
  if (unknown !== undefined) {
    throw new SourceError(
      `Unknown parameter "${unknown.slice(0, 60)}" for engine '${engine}': use host, port, database, user, password${
        engine === 'postgres' ? ', schema, sslmode' : ', ssl'
      }`,
    );
  }
  const host = text(params, 'host', true)!;
  const settings = {
    host,
    port: port(params, engine),
    user: text(params, 'user', true)!,
    password: text(params, 'password', false),
    connectTimeoutMs,
  };
  const address = await resolveSourceHost(host);
  if (engine === 'postgres') {
    return new PostgresClient({
      ...settings,
      address,
      database: text(params, 'database', true)!,
      schema: text(params, 'schema', false),
      sslmode: text(params, 'sslmode', false),
      applicationName: label ? `knowledge-studio:${label}` : 'knowledge-studio',
    });
  }
  return new MysqlClient({
    ...settings,
    address,
    database: text(params, 'database', false),
    ssl: params.ssl === true || params.ssl === 'true',
  });
}
