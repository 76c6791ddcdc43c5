import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../client';
import { treeKeys } from '../tree/keys';
import { fileKeys } from './keys';

export interface UploadInput {
  name: string;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * Replace a table of the same name. The server refuses to overwrite unless asked (as MindsDB does); the
   * console's upload forms have always replaced, and keep doing so until they ask "Replace table X?" first.
   */
  replace?: boolean;
}

/** Uploads a CSV, JSON, Parquet or text file as the table `files.<name>`. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file, onProgress, signal, replace = true }: UploadInput) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const query = replace ? '?replace=true' : '';
      return apiUpload(`/api/files/${encodeURIComponent(name)}${query}`, form, onProgress, signal);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      void queryClient.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(`/api/files/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.all });
      void queryClient.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}
