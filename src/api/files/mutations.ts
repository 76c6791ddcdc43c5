import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../client';
import { treeKeys } from '../tree/keys';
import { fileKeys } from './keys';

export interface UploadInput {
  name: string;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads a CSV, JSON, Parquet or text file as the table `files.<name>`. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file, onProgress, signal }: UploadInput) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload(`/api/files/${encodeURIComponent(name)}`, form, onProgress, signal);
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
