import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteName, sqlString } from '../../lib/sql-text';
import { runSql } from '../sql/run-sql';
import { projectKeys, treeKeys } from '../tree/keys';

/** The server refused a project statement: its own words. */
export class ProjectSqlError extends Error {
  name = 'ProjectSqlError';
}

/**
 * Projects are made and dropped in SQL: MindsDB's REST API only lists and reads them. The header's project
 * picker and the object browser read the new list at once.
 */
async function runProjectDdl(query: string): Promise<void> {
  const result = await runSql({ query });
  if (result.type === 'error') throw new ProjectSqlError(result.error_message);
}

function useProjectDdl<T>(statement: (input: T) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => runProjectDdl(statement(input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.all });
      void client.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}

export const useCreateProject = () => useProjectDdl((name: string) => `CREATE PROJECT ${quoteName(name)}`);
export const useDropProject = () => useProjectDdl((name: string) => `DROP PROJECT ${quoteName(name)}`);

/** MindsDB's rename of a project (`ALTER DATABASE p NAME = 'new'`); ours takes it too. */
export const useRenameProject = () =>
  useProjectDdl(
    ({ name, newName }: { name: string; newName: string }) =>
      `ALTER DATABASE ${quoteName(name)} NAME = ${sqlString(newName)}`,
  );
