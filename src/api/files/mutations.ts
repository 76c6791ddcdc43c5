import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiUpload } from '../client';
import { treeKeys } from '../tree/keys';
import { fileKeys } from './keys';

export interface UploadInput {
  name: string;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * Replace a table of the same name; only after the user said so ("Replace table X?"). Without it the
   * server refuses an existing name with a 400 (as MindsDB does), which `isNameTaken` recognises.
   */
  replace?: boolean;
}

/** The server's answer to an upload under a name that is taken (ours and MindsDB's: 400 "File already exists"). */
export function isNameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /already exists/i.test(error.problem.title);
}

const filePath = (name: string) => `/api/files/${encodeURIComponent(name)}`;

/**
 * Uploads a CSV, JSON, Parquet or text file as the table `files.<name>`. A replace asks with `?replace=true`
 * (ours); a server that still answers "already exists" has no such flag (MindsDB), so the old table is
 * deleted and the upload sent again: what MindsDB's own console does.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, file, onProgress, signal, replace = false }: UploadInput) => {
      const send = (query: string) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return apiUpload(`${filePath(name)}${query}`, form, onProgress, signal);
      };
      if (!replace) return send('');
      try {
        await send('?replace=true');
      } catch (err) {
        if (!isNameTaken(err)) throw err;
        onProgress?.(0);
        await apiRequest(filePath(name), { method: 'DELETE', signal });
        await send('');
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      void queryClient.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}
