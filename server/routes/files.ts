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
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      throw new HttpProblem(400, 'Bad Request', 'The form has no field "file"', 'file');
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-upload-'));
    const tmp = path.join(dir, 'upload');
    try {
      await pipeline(part.file, createWriteStream(tmp));
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
