import { parseArgs } from 'node:util';
import path from 'node:path';
import { checkObjectStoreUri, parseStorageOptions, type StorageOptions } from './engines/vector-location';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, the server serves the console and forwards /api to this instance instead of its own API. */
  apiUrl?: string;
  auth?: { username: string; password: string };
  /** How long a login token lives, in seconds. */
  tokenTtlSeconds: number;
  demo: boolean;
  /** Folder holding the built console (`vite build` output). */
  staticDir: string;
  /** The model used when a KB or agent names none. */
  defaultModel: { provider: string; model_name?: string; base_url?: string; api_key?: string };
  /** Model base URLs may point at private network ranges (link-local and metadata addresses never). */
  allowPrivateModelUrls: boolean;
  /** Host names the server answers to without login, besides its own addresses (DNS rebinding guard). */
  allowedHosts: string[];
  /**
   * A PostgreSQL server holding the catalog instead of the data folder (several servers share it; see
   * docs/scaling.md). Only from the environment: it holds a password.
   */
  catalogUrl?: string;
  /**
   * The knowledge bases' vector tables in a folder several servers share instead of `<dataDir>/vectors`
   * (docs/scaling.md); only with `catalogUrl`, which says which tables exist.
   */
  vectorsDir?: string;
  /** The vector tables in object storage (`s3://`, `gs://`, `az://`) instead; only with `catalogUrl` too. */
  vectorsUri?: string;
  /** LanceDB's storage options for `vectorsUri` (keys, endpoint, region). Only from the environment. */
  vectorsStorageOptions?: StorageOptions;
  /** Memory for the in-memory copies that knowledge-base searches read (megabytes; 0 turns them off). */
  searchMemoryMb?: number;
  /** MindsDB's `knowledge_bases.disable_autobatch`: `INSERT INTO kb SELECT` runs before it is answered. */
  disableKbAutobatch?: boolean;
}

const HELP = `Knowledge Studio server

  --port N           port to listen on (env KS_PORT, default 47334)
  --host H           address to bind (env KS_HOST, default 127.0.0.1)
  --data-dir DIR     data folder (env KS_DATA_DIR, default ./data)
  --api-url URL      serve the console and forward /api to another instance (env KS_API_URL)
  --allowed-hosts A,B  names this server is reached by, e.g. behind a reverse proxy (env KS_ALLOWED_HOSTS);
                     without login, requests naming another host are refused
  --username U       turn on login with this user (env KS_USERNAME)
  --password P       ...and this password (env KS_PASSWORD)
  --token-ttl S      login token lifetime in seconds (env KS_TOKEN_TTL, default 604800 = 7 days)
  --no-demo          do not create the demo knowledge base and agent in an empty data folder
  --default-provider local|openai|ollama   default model provider (env KS_DEFAULT_PROVIDER)
  --default-model NAME                     default model name (env KS_DEFAULT_MODEL)
  --default-base-url URL                   default provider base URL (env KS_DEFAULT_BASE_URL)
  (the default provider's key comes only from env KS_DEFAULT_API_KEY, never from a flag; it is sent only to
   the default base URL)
  (env KS_CATALOG_URL=postgres://user:password@host:port/db keeps the catalog on a PostgreSQL server, shared
   by several servers; environment only, as it holds a password)
  --vectors-dir DIR  keep the knowledge bases' vector tables in DIR, a folder several servers share, instead of
                     the data folder (env KS_VECTORS_DIR); needs KS_CATALOG_URL
  --vectors-uri URI  keep them in object storage instead: s3://bucket/prefix, gs://bucket/prefix or
                     az://container/prefix, which must exist (env KS_VECTORS_URI); needs KS_CATALOG_URL.
                     Keys, endpoint and region: env KS_VECTORS_STORAGE_OPTIONS, a JSON object of LanceDB
                     storage options, or the cloud's own AWS_*, GOOGLE_* or AZURE_* variables
  --search-memory MB  memory for the in-memory copies of knowledge bases that searches read instead of the
                     vector tables (env KS_SEARCH_MEMORY_MB, default 1536; 0: always search the tables)
  --disable-kb-autobatch  answer INSERT INTO kb SELECT ... when it has ended, not at once with the record of
                     a query that goes on in the background (MindsDB's knowledge_bases.disable_autobatch;
                     env KS_DISABLE_KB_AUTOBATCH=1); USING batch_size still runs in the background
  --allow-private-model-urls   let model base URLs point at private networks (10/8, 172.16/12, 192.168/16,
                               100.64/10, fc00::/7) (env KS_ALLOW_PRIVATE_URLS=1); loopback is always allowed,
                               link-local and cloud metadata addresses never
`;

/** The shared vector tables' folder or object-store URI, checked; neither when the data folder holds them. */
function readVectorsLocation(
  values: { 'vectors-dir'?: string; 'vectors-uri'?: string },
  env: NodeJS.ProcessEnv,
): Pick<ServerConfig, 'vectorsDir' | 'vectorsUri' | 'vectorsStorageOptions'> {
  const dir = values['vectors-dir'] ?? env.KS_VECTORS_DIR;
  const uri = values['vectors-uri'] ?? env.KS_VECTORS_URI;
  if (dir && uri) throw new Error(`Give --vectors-dir or --vectors-uri, not both\n\n${HELP}`);
  const flag = dir ? '--vectors-dir' : '--vectors-uri';
  // Each server removes vector tables its catalog does not list (what an interrupted drop leaves): with a
  // catalog of its own, it would remove the other servers' tables.
  if ((dir || uri) && !env.KS_CATALOG_URL) {
    throw new Error(`${flag} is for servers that share a catalog: set KS_CATALOG_URL too\n\n${HELP}`);
  }
  if (dir) return { vectorsDir: path.resolve(dir) };
  if (!uri) return {};
  return {
    vectorsUri: checkObjectStoreUri(uri),
    vectorsStorageOptions: parseStorageOptions(env.KS_VECTORS_STORAGE_OPTIONS),
  };
}

/** Reads flags first, then environment variables, then defaults. Throws with the help text on bad flags. */
export function readConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'api-url': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'token-ttl': { type: 'string' },
      'no-demo': { type: 'boolean' },
      'default-provider': { type: 'string' },
      'default-model': { type: 'string' },
      'default-base-url': { type: 'string' },
      'allow-private-model-urls': { type: 'boolean' },
      'allowed-hosts': { type: 'string' },
      'vectors-dir': { type: 'string' },
      'vectors-uri': { type: 'string' },
      'search-memory': { type: 'string' },
      'disable-kb-autobatch': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new Error(HELP);
  const port = Number(values.port ?? env.KS_PORT ?? 47334);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535\n\n${HELP}`);
  const username = values.username ?? env.KS_USERNAME;
  const password = values.password ?? env.KS_PASSWORD;
  if ((username && !password) || (!username && password)) {
    throw new Error(`Login needs both a username and a password\n\n${HELP}`);
  }
  const vectors = readVectorsLocation(values, env);
  const searchMemory = values['search-memory'] ?? env.KS_SEARCH_MEMORY_MB;
  const searchMemoryMb = searchMemory === undefined ? undefined : Number(searchMemory);
  if (searchMemoryMb !== undefined && !(Number.isFinite(searchMemoryMb) && searchMemoryMb >= 0)) {
    throw new Error(`--search-memory must be a number of megabytes, 0 or more\n\n${HELP}`);
  }
  const ttl = Number(values['token-ttl'] ?? env.KS_TOKEN_TTL ?? 7 * 24 * 3600);
  return {
    port,
    host: values.host ?? env.KS_HOST ?? '127.0.0.1',
    dataDir: path.resolve(values['data-dir'] ?? env.KS_DATA_DIR ?? 'data'),
    apiUrl: values['api-url'] ?? env.KS_API_URL,
    auth: username && password ? { username, password } : undefined,
    tokenTtlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : 7 * 24 * 3600,
    demo: !values['no-demo'] && env.KS_NO_DEMO !== '1',
    // KS_STATIC_DIR lets a test run serve its own build beside another one's.
    staticDir: path.resolve(env.KS_STATIC_DIR ?? path.join(import.meta.dirname, '..', 'dist')),
    defaultModel: {
      provider: values['default-provider'] ?? env.KS_DEFAULT_PROVIDER ?? 'local',
      model_name: values['default-model'] ?? env.KS_DEFAULT_MODEL,
      base_url: values['default-base-url'] ?? env.KS_DEFAULT_BASE_URL,
      api_key: env.KS_DEFAULT_API_KEY,
    },
    allowPrivateModelUrls: Boolean(values['allow-private-model-urls']) || env.KS_ALLOW_PRIVATE_URLS === '1',
    allowedHosts: (values['allowed-hosts'] ?? env.KS_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    catalogUrl: env.KS_CATALOG_URL || undefined,
    ...vectors,
    searchMemoryMb,
    disableKbAutobatch: Boolean(values['disable-kb-autobatch']) || env.KS_DISABLE_KB_AUTOBATCH === '1',
  };
}
