import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteAgent } from '../../api/agents/mutations';
import { useAgent } from '../../api/agents/queries';
import { ApiError } from '../../api/client';
import { problemMessage } from '../../components/field-errors';
import { shortTimestamp } from '../../components/format';
import { describeModel } from '../../components/model-fields/model-draft';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { AgentEditForm } from './agent-edit-form';
import { agentUrl } from './agent-list-page';
import '../../components/resource-page.css';
import './agents.css';

export interface AgentPageProps {
  project: string;
  name: string;
  /** A test chat to show beside the editor (composed by the route, so this feature needs no other). */
  aside?: ReactNode;
}

/** One agent: its editor and, beside it, a chat with the saved version. */
export function AgentPage({ project, name, aside }: AgentPageProps) {
  const agent = useAgent(project, name);
  const [deleting, setDeleting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const remove = useDeleteAgent(project);
  const navigate = useNavigate();
  // Once deleted, the form goes first (so its unsaved-changes guard does not hold the page), then the page.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(agentUrl(project), { replace: true });
  }, [deleted, navigate, project]);

  return (
    <div className={`page rp ag-page${aside ? ' has-aside' : ''}`}>
      <nav aria-label="Breadcrumb" className="rp-crumbs">
        <ol>
          <li>
            <Link to={agentUrl(project)}>Agents</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <header className="rp-head">
        <h1>{name}</h1>
        {agent.data && (
          <div className="rp-head-meta">
            <span className="rp-badge is-accent" title="Model">
              {describeModel(agent.data.model)}
            </span>
            {agent.data.updated_at && (
              <span className="rp-badge">updated {shortTimestamp(agent.data.updated_at)}</span>
            )}
          </div>
        )}
        <div className="rp-head-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={!agent.data}
            onClick={() => setDeleting(true)}
          >
            Delete…
          </button>
        </div>
      </header>
      {agent.isPending && <p className="muted">Loading {name}…</p>}
      {agent.isError && !deleted && (
        <div role="alert" className="error-box">
          {agent.error instanceof ApiError && agent.error.status === 404
            ? `There is no agent ${name} in ${project}.`
            : `Could not open ${name}: ${agent.error.message}`}{' '}
          <Link to={agentUrl(project)}>Back to the list</Link>
        </div>
      )}
      {agent.data && !deleted && (
        <div className="ag-layout">
          <AgentEditForm project={project} agent={agent.data} onDirtyChange={setDirty} />
          {aside && (
            <aside className="ag-aside" aria-label="Test chat">
              <p className="ag-aside-note field-hint">
                {dirty
                  ? 'This chat uses the saved agent: save to try your changes.'
                  : 'Try the saved agent here.'}
              </p>
              <div className="ag-aside-body">{aside}</div>
            </aside>
          )}
        </div>
      )}
      {deleting && (
        <TypeToConfirm
          title={`Delete agent ${name}?`}
          confirmText={name}
          actionLabel="Delete agent"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? problemMessage(remove.error) : undefined}
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(name, { onSuccess: () => setDeleted(true) })}
        >
          <p>Its settings are deleted. Its knowledge bases and tables stay as they are.</p>
        </TypeToConfirm>
      )}
    </div>
  );
}
