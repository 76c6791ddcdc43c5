import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Declared } from '../../protocol/api/answers';
import type { FileInfo } from '../../protocol/api/files';
import type { AppDeps } from '../app-deps';
import { HttpProblem } from './problem';
import { unpackSingleFile } from './zip-upload';

/** The largest file an upload may carry. */
export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/** Form fields MindsDB reads besides the file; any other text field is ignored, as MindsDB does. */
const ORIGINAL_NAME_FIELD = 'original_file_name';

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

/** Reads the multipart form: the file into `dir`, and the fields MindsDB knows. */
async function receiveForm(
  request: FastifyRequest,
  dir: string,
): Promise<{ file: string; filename: string; originalName?: string }> {
  let received: { file: string; filename: string } | undefined;
  let originalName: string | undefined;
  const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === ORIGINAL_NAME_FIELD && typeof part.value === 'string')
          originalName = part.value;
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
      const file = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(file));
      if (part.file.truncated)
        throw new HttpProblem(413, 'Payload Too Large', 'The file is larger than 512 MB');
      received = { file, filename: part.filename };
    }
  } catch (err) {
    badForm(err);
  }
  if (!received) throw new HttpProblem(400, 'Bad Request', 'The form has no field "file"', 'file');
  return { ...received, originalName };
}

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/files', async () => (await deps.files.list()) satisfies Declared<FileInfo>[]);

  app.put<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const { name } = request.params;
    deps.files.validateName(name);
    if (!request.isMultipart()) {
      // MindsDB also takes a JSON body naming a URL to fetch; this server fetches nothing on a client's
      // behalf (it could be made to reach private addresses), so only a multipart upload is accepted.
      throw new HttpProblem(
        415,
        'Unsupported Media Type',
        'Send the file as multipart/form-data in the field "file" (uploads from a URL are not supported)',
      );
    }
    // Checked before the body is read, so that a large upload under a taken name is refused at once.
    const replace = wantsReplace(request);
    if (!replace && (await deps.files.exists(name))) {
      throw new HttpProblem(
        400,
        'File already exists',
        `File with name '${name}' already exists (send ?replace=true to replace it)`,
        'name',
      );
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-upload-'));
    try {
      const form = await receiveForm(request, dir);
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
