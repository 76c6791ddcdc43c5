import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { treeKeys } from '../tree/keys';

/** A connection to an external database as the console's form collects it (MindsDB's parameter names). */
export interface SourceInput {
  name: string;
  engine: 'postgres' | 'mysql' | 'mariadb';
  parameters: { host: string; port: number; database: string; user: string; password: string };
}

export interface ConnectionStatus {
  success: boolean;
  error_message: string | null;
}

/** "Test connection": the server tries the parameters and saves nothing. */
export function useCheckConnection() {
  return useMutation({
    mutationFn: ({ engine, parameters }: Omit<SourceInput, 'name'>) =>
      apiRequest('/api/databases/check_connection', {
        method: 'POST',
        body: { engine, parameters },
      }) as Promise<ConnectionStatus>,
  });
}

/** Connects a database (the server tries it first and refuses, naming the cause, when it fails). */
export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, engine, parameters }: SourceInput) =>
      apiRequest('/api/databases/', { method: 'POST', body: { database: { name, engine, parameters } } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: treeKeys.all }),
  });
}
