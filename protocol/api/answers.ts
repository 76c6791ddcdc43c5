import { z } from 'zod';
import { agentSchema, agentsSchema, completionResponseSchema } from './agents';
import { loginResponseSchema, pingNativeSchema, pingSchema, statusSchema } from './auth';
import { configSchema, emptyAnswerSchema } from './config';
import {
  connectionErrorSchema,
  connectionStatusSchema,
  databaseSchema,
  databaseSummariesSchema,
  integrationSchema,
  sourceTableSchema,
  sourceTablesSchema,
} from './databases';
import { filesSchema } from './files';
import { jobRunSchema, jobSchema, jobsSchema } from './jobs';
import {
  evaluationRecordSchema,
  evaluationSummariesSchema,
  searchSettingsSchema,
  startedEvaluationsSchema,
} from './kb-evaluations';
import {
  cancelInsertAnswerSchema,
  insertProgressSchema,
  knowledgeBaseSchema,
  knowledgeBasesSchema,
} from './knowledge-bases';
import { kbStatusSchema, nameConflictsSchema } from './kb-status';
import { chatbotsSchema, projectSchema, projectsSchema } from './projects';
import {
  cancelStatementAnswerSchema,
  listDatabasesSchema,
  parametrizedQuerySchema,
  sqlResultSchema,
} from './sql';
import { treeDatabasesSchema, treeObjectsSchema } from './tree';
import { viewSchema, viewsSchema } from './views';

/** An answer that is not JSON (a stream, CSV text): its shape is checked by the tests of its route. */
export const NOT_JSON = 'not json';

/**
 * The successful JSON answer of every API route, by method and route pattern as the server declares it
 * (`:name` for a path segment). Failures are always a problem body (`problemSchema`). Tests check each
 * answer of our server against this table, including that it sends no key the schema does not name, so a
 * change on either side fails until both agree.
 */
export const ANSWER_SCHEMAS: Record<string, z.ZodType | typeof NOT_JSON> = {
  'GET /api/status': statusSchema,
  'GET /api/util/ping': pingSchema,
  'GET /api/util/ping_native': pingNativeSchema,
  'POST /api/login': loginResponseSchema,
  'POST /api/logout': emptyAnswerSchema,
  'GET /api/config': configSchema,
  'PUT /api/config': emptyAnswerSchema,

  'GET /api/projects': projectsSchema,
  'GET /api/projects/:name': projectSchema,
  'GET /api/tree/': treeDatabasesSchema,
  'GET /api/tree/:db': treeObjectsSchema,

  'POST /api/sql/query': sqlResultSchema,
  'POST /api/sql/query/cancel': cancelStatementAnswerSchema,
  'POST /api/sql/query/utils/parametrize_constants': parametrizedQuerySchema,
  'POST /api/sql/query/copy': NOT_JSON,
  'GET /api/sql/list_databases': z.union([listDatabasesSchema, sqlResultSchema]),

  'GET /api/files': filesSchema,
  'PUT /api/files/:name': emptyAnswerSchema,
  'DELETE /api/files/:name': emptyAnswerSchema,

  'GET /api/projects/:project/chatbots': chatbotsSchema,
  'GET /api/projects/:project/agents': agentsSchema,
  'POST /api/projects/:project/agents': agentSchema,
  'GET /api/projects/:project/agents/:agent': agentSchema,
  'PUT /api/projects/:project/agents/:agent': agentSchema,
  'DELETE /api/projects/:project/agents/:agent': emptyAnswerSchema,
  'POST /api/projects/:project/agents/:agent/completions': completionResponseSchema,
  'POST /api/projects/:project/agents/:agent/completions/stream': NOT_JSON,

  'GET /api/projects/:project/knowledge_bases': knowledgeBasesSchema,
  'POST /api/projects/:project/knowledge_bases': knowledgeBaseSchema,
  'GET /api/projects/:project/knowledge_bases/:kb': knowledgeBaseSchema,
  'PUT /api/projects/:project/knowledge_bases/:kb': knowledgeBaseSchema,
  'DELETE /api/projects/:project/knowledge_bases/:kb': emptyAnswerSchema,
  'GET /api/projects/:project/knowledge_bases/:kb/progress': insertProgressSchema,
  'GET /api/projects/:project/knowledge_bases/:kb/status': kbStatusSchema,
  'POST /api/projects/:project/knowledge_bases/:kb/cancel_insert': cancelInsertAnswerSchema,
  'GET /api/name-conflicts': nameConflictsSchema,
  'POST /api/projects/:project/knowledge_bases/:kb/evaluations': startedEvaluationsSchema,
  'GET /api/projects/:project/knowledge_bases/:kb/evaluations': evaluationSummariesSchema,
  'GET /api/projects/:project/knowledge_bases/:kb/evaluations/:id': evaluationRecordSchema,
  'GET /api/projects/:project/knowledge_bases/:kb/search_defaults': searchSettingsSchema,
  'PUT /api/projects/:project/knowledge_bases/:kb/search_defaults': searchSettingsSchema,

  'GET /api/databases/': databaseSummariesSchema,
  'POST /api/databases/': z.union([integrationSchema, connectionErrorSchema]),
  'POST /api/databases/check_connection': connectionStatusSchema,
  'GET /api/databases/:db': databaseSchema,
  'PUT /api/databases/:db': integrationSchema,
  'DELETE /api/databases/:db': emptyAnswerSchema,
  'GET /api/databases/:db/tables': sourceTablesSchema,
  'GET /api/databases/:db/tables/:table': sourceTableSchema,
  'POST /api/databases/:db/tables': sourceTableSchema,
  'DELETE /api/databases/:db/tables/:table': emptyAnswerSchema,

  'GET /api/projects/:project/views': viewsSchema,
  'POST /api/projects/:project/views': viewSchema,
  'GET /api/projects/:project/views/:name': viewSchema,
  'PUT /api/projects/:project/views/:name': viewSchema,
  'DELETE /api/projects/:project/views/:name': emptyAnswerSchema,

  'GET /api/projects/:project/jobs': jobsSchema,
  'POST /api/projects/:project/jobs': jobSchema,
  'GET /api/projects/:project/jobs/:name': jobSchema,
  'PATCH /api/projects/:project/jobs/:name': jobSchema,
  'DELETE /api/projects/:project/jobs/:name': emptyAnswerSchema,
  'GET /api/projects/:project/jobs/:name/history': z.array(jobRunSchema),
};

/** The named keys of an object type, leaving out the open index a loose object (or a record) has. */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: 0 };

/**
 * The fields a protocol schema declares, at every depth, without the open index a loose object adds: what
 * our server may send. Presenters write `satisfies Declared<T>`, so the compiler refuses a missing, mistyped
 * or extra field. A record (only an open index) stays open.
 */
export type Declared<T> = T extends readonly (infer E)[]
  ? Declared<E>[]
  : T extends object
    ? [NamedKeys<T>] extends [never]
      ? T
      : { [K in keyof T as string extends K ? never : K]: Declared<T[K]> }
    : T;
