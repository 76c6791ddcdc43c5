import type { Databases } from '../../../engines/catalog';
import { ValidationError } from '../../../errors';
import type { FileService } from '../../files';
import type { SqlRunner } from '../../../domain/sql';
import type { KnowledgeBaseService } from '../service';
import { KbEvaluationService } from './service';

/** Builds the evaluations of knowledge bases; their test tables are read through SQL, as a user's SELECT. */
export async function openKbEvaluations(deps: {
  databases: Databases;
  knowledgeBases: KnowledgeBaseService;
  files: FileService;
  sql: SqlRunner;
}): Promise<KbEvaluationService> {
  const service = new KbEvaluationService({
    kbs: deps.knowledgeBases,
    files: deps.files,
    data: deps.databases.data,
    catalog: deps.databases.catalog,
    query: async (sql, db) => {
      const result = await deps.sql.execute(sql, { db, show_secrets: false });
      if (result.type === 'error') throw new ValidationError(result.error_message);
      if (result.type !== 'table') throw new ValidationError(`'${sql.slice(0, 80)}' returns no rows`);
      return result;
    },
  });
  // A KB's searches that do not say how to search use the settings chosen from its evaluations.
  deps.knowledgeBases.readSearchDefaultsFrom((kbId) => service.storedDefaults(kbId));
  return service;
}
