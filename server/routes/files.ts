import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import type { FileInfo } from '../../protocol/api/files';
import type { AppDeps } from './app-deps';
import { HttpProblem } from '../http/problem';
import {
  FORM_FIELDS,
  JSON_FIELDS,
  checkNoExtension,
  checkSourceType,
  fileMissing,
  notAnObject,
  unexpectedFields,
} from './upload-request';
import { unpackSingleFile } from './zip-upload';

/** The largest file an upload may carry. */
export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/**
 * A form that cannot be read (cut off, no boundary, broken part headers) is the client's mistake: a 400
 * naming it. Errors of the server's own disk (ENOSPC, EACCES, ...) stay errors of the server.
 */
function badForm(err: unknown): never {
  const code = (err as { code?: unknown })?.code;
  if (err instanceof HttpProblem || (typeof code === 'string' && /^E[A-Z]+$/.test(code))) throw err;
  if (typeof code === 'string' && code.startsWith('FST_')) throw err;
  const message = String((err as Error)?.message ?? err).split('\n')[0];
  throw new HttpProblem(
    400,
    'Bad Request',
    `The upload is not a readable multipart form: ${message}`,
    'file',
  );
}

/** `?replace=true` (or 1): the client asked to overwrite an existing table on purpose. */
function wantsReplace(request: FastifyRequest): boolean {
  const value = (request.query as Record<string, unknown> | undefined)?.replace;
  return value === 'true' || value === '1';
}

/** MindsDB answers a successful upload or delete with 200 and the JSON string `""`. */
function sendEmptyJson(reply: FastifyReply) {
  return reply.code(200).type('application/json').send('""');
}

/**
 * Reads the multipart form: its fields as MindsDB takes them (any other is refused by name) and the file
 * into `dir`. `beforeFile` runs when the file part arrives, before a byte of it is written: a refusal that
 * depends only on the request (a taken name, a name with an extension) is given without reading the file.
 */
async function receiveForm(
  request: FastifyRequest,
  dir: string,
  beforeFile: () => Promise<void>,
): Promise<{ file: string; filename: string; originalName?: string }> {
  let received: { file: string; filename: string } | undefined;
  const fields: Record<string, string> = {};
  const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  try {
    for await (const part of parts) {
      const unexpected = unexpectedFields([part.fieldname], FORM_FIELDS);
      if (part.type === 'field') {
        if (unexpected) throw unexpected;
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpProblem(
          400,
          'Bad Request',
          `Send the file in the field "file", not "${part.fieldname}"`,
          'file',
        );
      }
      await beforeFile();
      const file = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(file));
      if (part.file.truncated)
        throw new HttpProblem(413, 'Payload Too Large', 'The file is larger than 512 MB');
      received = { file, filename: part.filename };
    }
  } catch (err) {
    badForm(err);
  }
  checkSourceType(fields.source_type);
  if (!received) throw fileMissing();
  return { ...received, originalName: fields.original_file_name };
}

/**
 * A JSON body: MindsDB's way to upload from a URL (`{"source_type": "url", "source": ...}`). Its fields are
 * checked as MindsDB checks them; a URL is then refused (see `checkSourceType`) and anything else has no file.
 */
async function refuseJsonUpload(body: unknown, nameTaken: () => Promise<void>): Promise<never> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw notAnObject();
  const unexpected = unexpectedFields(Object.keys(body), JSON_FIELDS);
  if (unexpected) throw unexpected;
  await nameTaken();
  checkSourceType((body as Record<string, unknown>).source_type);
  throw fileMissing();
}

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/files', async () => (await deps.files.list()) satisfies Declared<FileInfo>[]);

  app.put<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const { name } = request.params;
    const replace = wantsReplace(request);
    const refuseTakenName = async () => {
      if (!replace && (await deps.files.exists(name))) {
        throw new HttpProblem(
          400,
          'File already exists',
          `File with name '${name}' already exists (send ?replace=true to replace it)`,
          'name',
        );
      }
    };
    // The name's form is checked after the request's own fields, in MindsDB's order.
    const checkName = async () => {
      await refuseTakenName();
      checkNoExtension(name);
      deps.files.validateName(name);
    };
    if (!request.isMultipart()) return refuseJsonUpload(request.body, refuseTakenName);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-upload-'));
    try {
      const form = await receiveForm(request, dir, checkName);
      let file = form.file;
      let filename = form.originalName || form.filename;
      if (filename.toLowerCase().endsWith('.zip')) {
        const unpacked = await unpackSingleFile(file, dir);
        await fs.rm(file, { force: true });
        file = unpacked.path;
        filename = unpacked.name;
      }
      await deps.files.importFile(name, file, filename, { replace });
      return sendEmptyJson(reply);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  app.delete<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const { name } = request.params;
    if (!(await deps.files.exists(name))) {
      // MindsDB's words for a file it cannot delete (a missing one included), spelling mended.
      throw new HttpProblem(
        400,
        'Error deleting file',
        `There was an error while trying to delete file with name '${name}'`,
      );
    }
    await deps.files.remove(name);
    return sendEmptyJson(reply);
  });
}
