import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { HttpProblem } from './problem';

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

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/files', async () => deps.files.list());

  app.put<{ Params: { name: string } }>('/api/files/:name', async (request) => {
    const { name } = request.params;
    deps.files.validateName(name);
    if (!request.isMultipart()) {
      throw new HttpProblem(
        415,
        'Unsupported Media Type',
        'Send the file as multipart/form-data in the field "file"',
      );
    }
    const part = await request
      .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
      .catch((err: unknown) => badForm(err));
    if (!part || part.fieldname !== 'file') {
      throw new HttpProblem(400, 'Bad Request', 'The form has no field "file"', 'file');
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-upload-'));
    const tmp = path.join(dir, 'upload');
    try {
      await pipeline(part.file, createWriteStream(tmp)).catch((err: unknown) => badForm(err));
      if (part.file.truncated)
        throw new HttpProblem(413, 'Payload Too Large', 'The file is larger than 512 MB');
      const info = await deps.files.importFile(name, tmp, part.filename);
      return { ...info };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  app.delete<{ Params: { name: string } }>('/api/files/:name', async (request) => {
    await deps.files.remove(request.params.name);
    return {};
  });
}
