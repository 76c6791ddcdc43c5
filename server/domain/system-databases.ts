import { ConflictError, NotFoundError, ValidationError } from '../errors';

/**
 * The databases every instance has, whose names MindsDB reserves: `information_schema` and `log` (its system
 * databases, listed first and answered by their own handlers) and `files` (the uploaded files, a permanent
 * data source MindsDB also calls a system database). This file is the one home of the rule that no project or
 * data source takes one of these names, in any letter case, and that none of them is dropped, altered or holds
 * a project's objects; the project and data-source services, the project store and the SQL handlers ask it.
 * They stay readable: SELECT, SHOW, USE and the listings name them as before.
 */
export const SYSTEM_DATABASES = ['information_schema', 'log'] as const;

/** The data sources built into every instance: uploaded files are tables of `files`. */
export const DATA_SOURCES = [{ name: 'files', engine: 'files' }] as const;

const RESERVED: readonly string[] = [...SYSTEM_DATABASES, ...DATA_SOURCES.map((d) => d.name)];

/** The reserved database `name` means (`LOG` and `Log` mean `log`), or undefined when it is no such name. */
export function systemDatabase(name: string): string | undefined {
  const lower = name.toLowerCase();
  return RESERVED.find((reserved) => reserved === lower);
}

/** 409 when a new project or data source would take a reserved name (MindsDB: the database exists). */
export function refuseSystemName(name: string, field?: string): void {
  const reserved = systemDatabase(name);
  if (reserved) {
    throw new ConflictError(
      `'${reserved}' is a system database: no project or data source can take its name, in any letter case`,
      field,
    );
  }
}

/** 400 when a statement or request would drop or alter a reserved database, or change what it holds. */
export function refuseSystemChange(name: string, change: 'dropped' | 'altered' | 'written into'): void {
  const reserved = systemDatabase(name);
  if (reserved) throw new ValidationError(`'${reserved}' is a system database: it cannot be ${change}`);
}

/**
 * 400 when a table would be created or dropped in `information_schema` or `log`, whose tables are the
 * server's. (Tables of `files` are the uploaded files, which users create and drop.)
 */
export function refuseSystemTableChange(db: string): void {
  if (systemDatabase(db) !== 'files') refuseSystemChange(db, 'written into');
}

/**
 * The 404 for a project that does not exist. A reserved name is never a project (one an older version let
 * someone create is not resolved: the system database always wins), so nothing can be created in it, and the
 * answer says so rather than suggesting to create the project.
 */
export function projectNotFound(name: string): NotFoundError {
  const reserved = systemDatabase(name);
  return new NotFoundError(
    reserved
      ? `'${reserved}' is a system database, not a project: it holds no knowledge bases, agents, views or jobs, and nothing can be created in it`
      : `Project '${name}' does not exist`,
  );
}
