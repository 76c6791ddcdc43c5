import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAgent } from '../../api/agents/mutations';
import { useAgent } from '../../api/agents/queries';
import { problemMessage } from '../../components/field-errors';
import { ResourceHeader, ResourceLoadState } from '../../components/resource-header';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { AgentEditForm } from './agent-edit-form';
import { agentPath } from '../../lib/paths';
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
    if (deleted) navigate(agentPath(project), { replace: true });
  }, [deleted, navigate, project]);

  return (
    <div className={`page rp ag-page${aside ? ' has-aside' : ''}`}>
      <ResourceHeader
        listLabel="Agents"
        listHref={agentPath(project)}
        name={name}
        model={agent.data?.model}
        modelRole="Model"
        updatedAt={agent.data?.updated_at}
        onDelete={agent.data ? () => setDeleting(true) : null}
      />
      {!deleted && (
        <ResourceLoadState
          query={agent}
          kind="agent"
          name={name}
          project={project}
          listHref={agentPath(project)}
        />
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
