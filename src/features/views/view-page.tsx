import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { View } from '../../../protocol/api/views';
import { useAgents } from '../../api/agents/queries';
import { useJobs } from '../../api/jobs/queries';
import { useAlterView, useDeleteView } from '../../api/views/mutations';
import { useView, useViews } from '../../api/views/queries';
import { problemMessage } from '../../components/field-errors';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import { DialogActions, ModalDialog } from '../../components/modal-dialog';
import { ResourceLoadState } from '../../components/resource-header';
import { SqlField } from '../../components/sql-editor/sql-field';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { agentPath, jobPath, viewPath } from '../../lib/paths';
import { ViewRows } from './view-rows';
import { querySqlProblem } from './view-sql-error';
import { viewUses, type ViewUse } from './view-usage';
import '../../components/resource-page.css';
import './views.css';

/** A view: its query in the SQL editor (saved with ALTER VIEW after a review), its first rows, what uses it. */
export function ViewPage({ project, name }: { project: string; name: string }) {
  const view = useView(project, name);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="page rp">
      <nav aria-label="Breadcrumb" className="rp-crumbs">
        <ol>
          <li>
            <Link to={viewPath(project)}>Views</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <header className="rp-head">
        <h1>{name}</h1>
        <span className="rp-badge">project {project}</span>
        <div className="rp-head-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={!view.data}
            onClick={() => setDeleting(true)}
          >
            Delete…
          </button>
        </div>
      </header>
      <ResourceLoadState
        query={view}
        kind="view"
        name={name}
        project={project}
        listHref={viewPath(project)}
      />
      {view.data && (
        <>
          <QueryEditor project={project} view={view.data} />
          <section className="rp-section" aria-labelledby="view-rows">
            <h2 id="view-rows">First rows</h2>
            <ViewRows project={project} name={name} />
          </section>
          <section className="rp-section" aria-labelledby="view-uses">
            <h2 id="view-uses">Used by</h2>
            <UsedBy project={project} name={name} />
          </section>
        </>
      )}
      {deleting && (
        <DeleteViewDialog
          project={project}
          name={name}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(viewPath(project))}
        />
      )}
    </div>
  );
}

/** The query, edited in the worksheet's editor; the edit is kept in this browser until saved or discarded. */
function QueryEditor({ project, view }: { project: string; view: View }) {
  const key = draftKey('view', `${project}/${view.name}`);
  const kept = useStoredDraft<string | null>(key, () => null);
  const alter = useAlterView(project, view.name);
  const [reviewing, setReviewing] = useState(false);
  const [emptyError, setEmptyError] = useState<string>();
  const query = kept.draft ?? view.query;
  const changed = kept.draft !== null && kept.draft.trim() !== view.query.trim();
  const edit = (next: string) => {
    if (next.trim() === view.query.trim()) kept.reset(null);
    else kept.edit(next, true);
    setEmptyError(undefined);
    if (alter.error) alter.reset();
  };
  const review = () => {
    if (!query.trim()) return setEmptyError('A view needs a SELECT.');
    setReviewing(true);
  };
  const save = () =>
    alter.mutate(query, {
      onSuccess: () => kept.reset(null),
      onSettled: () => setReviewing(false),
    });
  return (
    <section className="rp-section" aria-labelledby="view-query">
      <h2 id="view-query">Query</h2>
      <SqlField
        label="Query"
        labelHidden
        editorId={key}
        project={project}
        value={query}
        onChange={edit}
        hint="One SELECT, read in this project. Saved with ALTER VIEW."
        error={emptyError ?? querySqlProblem(alter.error)}
      />
      <div className="rp-savebar">
        <span className="rp-savebar-note muted" role="status">
          {changed ? 'Unsaved edit, kept in this browser.' : alter.isSuccess ? 'Saved.' : ''}
        </span>
        {changed && (
          <button type="button" className="btn" onClick={() => kept.reset(null)}>
            Discard changes
          </button>
        )}
        <button type="button" className="btn btn-primary" disabled={!changed} onClick={review}>
          Review and save…
        </button>
      </div>
      {reviewing && (
        <ModalDialog
          title={`Save the query of ${view.name}?`}
          onClose={() => setReviewing(false)}
          className="view-review"
        >
          <div className="view-compare">
            <div>
              <h3>Now</h3>
              <pre className="rp-json">{view.query}</pre>
            </div>
            <div>
              <h3>After saving</h3>
              <pre className="rp-json">{query.trim()}</pre>
            </div>
          </div>
          <p className="muted">What reads the view reads the new query from then on.</p>
          <DialogActions>
            <button type="button" className="btn" onClick={() => setReviewing(false)}>
              Keep editing
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={alter.isPending}
              onClick={save}
              autoFocus
            >
              {alter.isPending ? 'Saving…' : 'Save query'}
            </button>
          </DialogActions>
        </ModalDialog>
      )}
    </section>
  );
}

/** Jobs, agents and other views of the project that name the view, as far as they can be read. */
function useViewUses(project: string, name: string) {
  const jobs = useJobs(project);
  const agents = useAgents(project);
  const views = useViews(project);
  const pending = jobs.isPending || agents.isPending || views.isPending;
  const failed = [jobs, agents, views].find((q) => q.isError)?.error;
  const uses = viewUses(project, name, { jobs: jobs.data, agents: agents.data, views: views.data });
  return { pending, failed, uses };
}

const pathOfUse = (project: string, use: ViewUse) =>
  use.kind === 'job'
    ? jobPath(project, use.name)
    : use.kind === 'agent'
      ? agentPath(project, use.name)
      : viewPath(project, use.name);

function UsesList({ project, uses }: { project: string; uses: ViewUse[] }) {
  return (
    <ul className="view-uses" aria-label="What uses this view">
      {uses.map((u) => (
        <li key={`${u.kind}-${u.name}`}>
          {u.kind} <Link to={pathOfUse(project, u)}>{u.name}</Link>{' '}
          <span className="muted">through {u.via}</span>
        </li>
      ))}
    </ul>
  );
}

function UsedBy({ project, name }: { project: string; name: string }) {
  const { pending, failed, uses } = useViewUses(project, name);
  if (pending) return <p className="muted">Looking for what uses it…</p>;
  return (
    <>
      {failed && <p className="field-error">Could not check everything that may use it: {failed.message}</p>}
      {uses.length === 0 ? (
        <p className="muted">No job, agent or other view of {project} names it.</p>
      ) : (
        <UsesList project={project} uses={uses} />
      )}
    </>
  );
}

function DeleteViewDialog(props: {
  project: string;
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { project, name, onClose, onDeleted } = props;
  const remove = useDeleteView(project);
  const { pending, uses } = useViewUses(project, name);
  return (
    <TypeToConfirm
      title={`Delete view ${name}?`}
      confirmText={name}
      actionLabel="Delete view"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? problemMessage(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() => remove.mutate(name, { onSuccess: onDeleted })}
    >
      <p>The data it reads stays; only the saved query goes. This cannot be undone.</p>
      {pending && <p className="muted">Looking for what uses it…</p>}
      {uses.length > 0 && (
        <div role="note" aria-label="What uses this view">
          <p>
            {uses.length === 1 ? 'One object names it' : `${uses.length} objects name it`} and will fail to
            read it:
          </p>
          <ul>
            {uses.map((u) => (
              <li key={`${u.kind}-${u.name}`}>
                {u.kind} <strong>{u.name}</strong> <span className="muted">through {u.via}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </TypeToConfirm>
  );
}
