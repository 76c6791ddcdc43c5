import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Sends a signal and waits for the process to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** fetch against the server, JSON in and out when `json` is given. */
  request: (urlPath: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  /** Runs SQL through `POST /api/sql/query` and returns the answer read as JSON. */
  sql: (query: string, context?: Record<string, unknown>) => Promise<SqlAnswer>;
}

/** A SQL answer as tests read it: the fields of a table, ok or error result (those its type has). */
export interface SqlAnswer {
  type: string;
  data: unknown[][];
  column_names: string[];
  affected_rows?: number;
  error_message?: string;
}

export interface ServerProcessOptions {
  dataDir: string;
  demo?: boolean;
  env?: Record<string, string>;
  /** Extra command-line flags. */
  args?: string[];
  /** Flags for Node itself, before the script (e.g. `--cpu-prof` to profile the server). */
  nodeFlags?: string[];
  /** Added to every request (e.g. a bearer token). */
  headers?: Record<string, string>;
  /** Keep only this many of the last characters of the output (a long benchmark's server logs every run). */
  outputLimit?: number;
  /**
   * The compiled server to run with plain Node, as `npm start` does (scripts/build-server.mjs makes it);
   * by default server/main.ts runs from source under tsx, as `npm run serve` does.
   */
  bundle?: string;
  /** Give up when the server has not printed its listening line by then (default 60 s). */
  startTimeoutMs?: number;
}

const START_TIMEOUT_MS = 60_000;

/**
 * Node's flags for the server, as `npm start` and `npm run serve` pass them (package.json; a test checks they
 * agree). The young generation starts at the size a busy server grows it to anyway (16 MB a semi-space,
 * Node's default ceiling): left to grow from 1 MB, it grows only under a burst of requests, and a server
 * answering one request at a time then collects its young objects every few requests, each collection
 * sweeping the request's buffers and scanning what the old generation points at (a dense KB's one-client
 * searches took 5 ms instead of 2.6).
 */
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=16'];

/**
 * The real server (`server/main.ts`, or its bundle) in its own process on a free port, as an operator would start it; answers
 * once it listens. The one way server tests, the end-to-end tests (e2e/server.ts) and benchmarks start it.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const entry = options.bundle ? [options.bundle] : ['--import', 'tsx', 'server/main.ts'];
  const args = [
    ...SERVER_NODE_FLAGS,
    ...(options.nodeFlags ?? []),
    ...entry,
    '--port',
    '0',
    '--data-dir',
    options.dataDir,
  ];
  if (!options.demo) args.push('--no-demo');
  args.push(...(options.args ?? []));
  const env: NodeJS.ProcessEnv = { ...process.env, KS_USERNAME: '', KS_PASSWORD: '', ...options.env };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    if (options.outputLimit !== undefined) output = output.slice(-options.outputLimit);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, options.startTimeoutMs ?? START_TIMEOUT_MS);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const headers = options.headers ?? {};
  const request: ServerProcess['request'] = (urlPath, init = {}) => {
    const { json, ...rest } = init;
    return fetch(`${url}${urlPath}`, {
      ...rest,
      headers: {
        ...headers,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return {
    url,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    request,
    sql: async (query, context) =>
      (await (
        await request('/api/sql/query', { method: 'POST', json: { query, context } })
      ).json()) as SqlAnswer,
  };
}
