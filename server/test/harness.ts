import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp } from '../app';
import type { AppDeps } from '../routes/app-deps';
import { openServices, type ServiceOptions } from '../open-services';
import { checkAnswerShapes } from './answer-shapes';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  /** Runs SQL through the HTTP route and returns the parsed result. */
  sql: (query: string, context?: Record<string, unknown>, headers?: Record<string, string>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- results are checked field by field in tests
  /** Runs SQL that must succeed: an `error` result throws, naming the statement and the message. */
  sqlOk: (query: string, context?: Record<string, unknown>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as `sql`
  /** Runs SQL that must answer rows and returns them as objects keyed by column name. */
  sqlRows: (query: string, context?: Record<string, unknown>) => Promise<Record<string, any>[]>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as `sql`
  /** Runs SQL that must fail and returns its `error_message`; any other result throws. */
  sqlError: (query: string, context?: Record<string, unknown>) => Promise<string>;
  /** Sends `content` as the file `filename` to `PUT /api/files/<name>` (in the form field `field`, `file` by default). */
  upload: (
    name: string,
    filename: string,
    content: Buffer | string,
    field?: string,
  ) => Promise<LightMyRequestResponse>;
  /** Uploads `content` as the table `files.<name>` and throws unless the server took it. */
  putFile: (name: string, filename: string, content: Buffer | string) => Promise<void>;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** The real app on real engines in a fresh temporary data folder. */
export async function startTestApp(
  options: Partial<ServiceOptions> = {},
  dataDir?: string,
): Promise<TestApp> {
  const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ks-test-')));
  // Tests read what they have just inserted: an INSERT INTO kb SELECT is answered once it has ended (MindsDB's
  // knowledge_bases.disable_autobatch), unless a test asks for the server's default (the background).
  const deps = await openServices({ dataDir: dir, disableKbAutobatch: true, ...options });
  const app = createApp(deps);
  // Every answer a test receives is checked against the protocol the console reads.
  checkAnswerShapes(app);
  await app.ready();
  const sql: TestApp['sql'] = async (query, context, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query, context },
      headers,
    });
    return res.json();
  };
  const sqlOk: TestApp['sqlOk'] = async (query, context) => {
    const res = await sql(query, context);
    if (res.type === 'error') throw new Error(`${query}: ${res.error_message}`);
    return res;
  };
  const upload: TestApp['upload'] = (name, filename, content, field = 'file') =>
    app.inject({ method: 'PUT', url: `/api/files/${name}`, ...multipartFile(field, filename, content) });
  return {
    app,
    deps,
    dataDir: dir,
    inject: (opts) => app.inject(opts),
    sql,
    sqlOk,
    sqlRows: async (query, context) => {
      const res = await sqlOk(query, context);
      if (res.type !== 'table') throw new Error(`${query}: expected rows, got ${JSON.stringify(res)}`);
      return (res.data as unknown[][]).map((row) =>
        Object.fromEntries((res.column_names as string[]).map((c, i) => [c, row[i]])),
      );
    },
    sqlError: async (query, context) => {
      const res = await sql(query, context);
      if (res.type !== 'error') throw new Error(`${query}: expected an error, got ${JSON.stringify(res)}`);
      return res.error_message as string;
    },
    upload,
    putFile: async (name, filename, content) => {
      const res = await upload(name, filename, content);
      if (res.statusCode !== 200) throw new Error(`upload of ${filename}: ${res.statusCode} ${res.body}`);
    },
    close: async () => {
      await app.close();
      await deps.close();
      if (!dataDir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` with a data folder of its own (for apps stopped and started again on it), removed afterwards. */
export async function withDataDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A multipart body with one file field, as a browser would send it. */
export function multipartFile(field: string, filename: string, content: Buffer | string) {
  const boundary = '----ks-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
