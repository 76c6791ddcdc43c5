import { ValidationError } from '../errors';
import type { SqlSession } from '../domain/sql';

/**
 * The project and name of an object written `name` or `project.name` (a view, a job, an agent...): the project
 * defaults to the session's database; more parts are refused, naming the kind of object (`'a.b.c' is not a
 * view name`).
 */
export function objectInProject(
  name: { parts: string[] },
  session: SqlSession,
  kind: string,
): { project: string; name: string } {
  if (name.parts.length > 2) throw new ValidationError(`'${name.parts.join('.')}' is not a ${kind} name`);
  return name.parts.length === 2
    ? { project: name.parts[0], name: name.parts[1] }
    : { project: session.db, name: name.parts[0] };
}
