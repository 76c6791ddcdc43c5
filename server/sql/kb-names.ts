import type { QualifiedName } from '../dialect/ast';
import type { SqlSession } from '../domain/sql';
import { ValidationError } from '../errors';
import { DATA_SOURCES } from '../domain/system-databases';

/** The project and name a knowledge base is written as (`kb` in the session's project, or `project.kb`). */
export function locate(name: QualifiedName, session: SqlSession): { project: string; name: string } {
  if (name.parts.length > 2)
    throw new ValidationError(`'${name.parts.join('.')}' is not a knowledge base name`);
  return name.parts.length === 2
    ? { project: name.parts[0], name: name.parts[1] }
    : { project: session.db, name: name.parts[0] };
}

export const isDataSource = (project: string) => DATA_SOURCES.some((d) => d.name === project);
