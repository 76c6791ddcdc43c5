import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { connectionStatusSchema, integrationSchema } from '../../../protocol/api/databases';
import { treeKeys } from '../tree/keys';
import { databaseKeys } from './keys';

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

/** A saved source's parameters as they are sent: only the keys that change (both servers keep the rest). */
export type ParameterChanges = Record<string, string | number | boolean>;

/**
 * "Test connection" on a source's page. Without changes, MindsDB's `GET ?check_connection=true` tries the saved
 * parameters. With changes, ours tries them merged over the saved ones (`check_connection` with `name`),
 * the saved password kept unless a new one is typed; a server without that route (MindsDB) answers 404, and the
 * page says that Save tries the connection first.
 */
export function useTestSavedSource(name: string) {
  return useMutation({
    mutationFn: async (changes: ParameterChanges): Promise<ConnectionStatus> => {
      if (Object.keys(changes).length === 0) {
        const found = await apiRequest(`/api/databases/${encodeURIComponent(name)}?check_connection=true`, {
          schema: integrationSchema,
        });
        return found.connection_status ?? { success: true, error_message: null };
      }
      return apiRequest('/api/databases/check_connection', {
        method: 'POST',
        body: { name, parameters: changes },
        schema: connectionStatusSchema,
      });
    },
  });
}

/**
 * Saves changed parameters. `check_connection: true` makes MindsDB try them before saving, as CREATE does
 * (without it MindsDB saves parameters that do not connect); ours always tries them first.
 */
export function useUpdateDatabase(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ParameterChanges) =>
      apiRequest(`/api/databases/${encodeURIComponent(name)}`, {
        method: 'PUT',
        body: { database: { parameters: changes }, check_connection: true },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: databaseKeys.one(name) });
      void queryClient.invalidateQueries({ queryKey: databaseKeys.tables(name) });
      void queryClient.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}

/** Drops a connected source (its tables stay in the database it connects to). */
export function useDropDatabase(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/api/databases/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: databaseKeys.one(name) });
      void queryClient.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}
