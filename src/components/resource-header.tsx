import { Link } from 'react-router';
import type { ModelConfig } from '../../protocol/api/knowledge-bases';
import { ApiError } from '../api/client';
import { formatMoment } from './format';
import { describeModel } from './model-fields/model-draft';

interface ResourceHeaderProps {
  /** What the list is called and where it is, for the breadcrumb: "Knowledge bases", "/projects/p/...". */
  listLabel: string;
  listHref: string;
  name: string;
  /** The model the object uses, shown as a badge; `modelRole` says which one ("Embedding model"). */
  model?: ModelConfig | null;
  modelRole: string;
  updatedAt?: string | null;
  /** Null while the object is not loaded: the delete button waits for it. */
  onDelete: (() => void) | null;
}

/** The top of a knowledge base or agent page: breadcrumb, name, model and age, and the delete button. */
export function ResourceHeader({
  listLabel,
  listHref,
  name,
  model,
  modelRole,
  updatedAt,
  onDelete,
}: ResourceHeaderProps) {
  return (
    <>
      <Crumbs listLabel={listLabel} listHref={listHref} current={name} />
      <header className="rp-head">
        <h1>{name}</h1>
        {onDelete && (
          <div className="rp-head-meta">
            <span className="rp-badge is-accent" title={modelRole}>
              {describeModel(model)}
            </span>
            {updatedAt && <span className="rp-badge">updated {formatMoment(updatedAt)}</span>}
          </div>
        )}
        <div className="rp-head-actions">
          <button type="button" className="btn btn-danger" disabled={!onDelete} onClick={() => onDelete?.()}>
            Delete…
          </button>
        </div>
      </header>
    </>
  );
}

/** The top of a page that creates a knowledge base or an agent: breadcrumb, title and the project. */
export function NewResourceHeader({
  listLabel,
  listHref,
  title,
  project,
}: Pick<ResourceHeaderProps, 'listLabel' | 'listHref'> & { title: string; project: string }) {
  return (
    <>
      <Crumbs listLabel={listLabel} listHref={listHref} current="New" />
      <header className="rp-head">
        <h1>{title}</h1>
        <span className="rp-badge">project {project}</span>
      </header>
    </>
  );
}

function Crumbs({ listLabel, listHref, current }: { listLabel: string; listHref: string; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="rp-crumbs">
      <ol>
        <li>
          <Link to={listHref}>{listLabel}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** Says that an object is loading, or why it could not be opened, with the way back to its list. */
export function ResourceLoadState({
  query,
  kind,
  name,
  project,
  listHref,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  kind: string;
  name: string;
  project: string;
  listHref: string;
}) {
  if (query.isPending) return <p className="muted">Loading {name}…</p>;
  if (!query.isError) return null;
  return (
    <div role="alert" className="error-box">
      {query.error instanceof ApiError && query.error.status === 404
        ? `There is no ${kind} ${name} in ${project}.`
        : `Could not open ${name}: ${query.error?.message}`}{' '}
      <Link to={listHref}>Back to the list</Link>
    </div>
  );
}
