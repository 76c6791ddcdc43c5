import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a list page calls its objects. */
export interface ListWords {
  /** The page's title: "Agents". */
  title: string;
  /** The objects within a sentence: "agents". */
  many: string;
  /** The header's button ("New agent") and the empty list's ("Create an agent"). */
  newLabel: string;
  createLabel: string;
  /** What such an object does, said while the project has none. */
  intro: string;
}

/**
 * The page that lists the knowledge bases or the agents of a project: its header with the New button, then
 * loading, the failure, an empty project's invitation, or the table (`children`, given the objects).
 */
export function ResourceListPage<T>({
  project,
  words,
  newHref,
  query,
  children,
}: {
  project: string;
  words: ListWords;
  newHref: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T[] | undefined };
  children: (items: T[]) => ReactNode;
}) {
  return (
    <div className="page rp">
      <header className="rp-head">
        <h1>{words.title}</h1>
        <span className="rp-badge">project {project}</span>
        <div className="rp-head-actions">
          <Link className="btn btn-primary" to={newHref}>
            {words.newLabel}
          </Link>
        </div>
      </header>
      {query.isPending && <p className="muted">{`Loading ${words.many}…`}</p>}
      {query.isError && (
        <p role="alert" className="error-box">
          {`Could not list the ${words.many}: ${query.error?.message}`}
        </p>
      )}
      {query.data?.length === 0 && (
        <div className="rp-empty">
          <h2>{`No ${words.many} in ${project} yet`}</h2>
          <p className="muted">{words.intro}</p>
          <Link className="btn btn-primary" to={newHref}>
            {words.createLabel}
          </Link>
        </div>
      )}
      {!!query.data?.length && children(query.data)}
    </div>
  );
}
