import type { CatalogDb } from '../engines/catalog-db';
import { AGENTS_SCHEMA, AGENTS_TIDY } from './agents';
import { AUTH_SCHEMA, AUTH_TIDY } from './auth';
import { DATA_SOURCES_SCHEMA } from './data-sources';
import { INSTANCE_DEFAULTS_SCHEMA } from './instance-defaults';
import { JOBS_SCHEMA, JOBS_TIDY } from './jobs';
import { KB_EVALUATIONS_SCHEMA } from './kb-evaluations';
import { KB_INSERTS_SCHEMA } from './kb-inserts';
import { KB_SOURCES_SCHEMA, KB_SOURCES_TIDY } from './kb-sources';
import { KNOWLEDGE_BASES_SCHEMA } from './knowledge-bases';
import { PROJECTS_SCHEMA } from './projects';
import { VIEWS_SCHEMA, VIEWS_TIDY } from './views';
import { markInterruptedRuns, RUN_LIVENESS_SCHEMA } from './run-liveness';

/**
 * Every table of the catalog database, in the order they are created: `projects` and the shared id sequence
 * first (the others refer to them), then one group per store. Each store file owns its tables' statements.
 */
const SCHEMA: readonly (readonly string[])[] = [
  PROJECTS_SCHEMA,
  AUTH_SCHEMA,
  INSTANCE_DEFAULTS_SCHEMA,
  DATA_SOURCES_SCHEMA,
  VIEWS_SCHEMA,
  JOBS_SCHEMA,
  KNOWLEDGE_BASES_SCHEMA,
  KB_INSERTS_SCHEMA,
  KB_SOURCES_SCHEMA,
  AGENTS_SCHEMA,
  KB_EVALUATIONS_SCHEMA,
  RUN_LIVENESS_SCHEMA,
];

/** What a server that stopped part-way leaves behind: rows of dropped projects and KBs (runs: run-liveness.ts). */
const TIDY: readonly (readonly string[])[] = [AUTH_TIDY, VIEWS_TIDY, JOBS_TIDY, AGENTS_TIDY, KB_SOURCES_TIDY];

/**
 * Creates the catalog's tables where they are missing (a new data folder, or one from an older version), then
 * tidies what a stopped server left. Runs once at start, before any service reads or writes the catalog.
 */
export async function prepareCatalog(catalog: CatalogDb): Promise<void> {
  for (const statement of SCHEMA.flat()) await catalog.run(statement);
  for (const statement of TIDY.flat()) await catalog.run(statement);
  await markInterruptedRuns(catalog);
}
