import { useState, type ReactNode } from 'react';
import type { Agent } from '../../../protocol/api/agents';
import { useDeleteAgent } from '../../api/agents/mutations';
import { useAgent } from '../../api/agents/queries';
import { problemMessage } from '../../components/field-errors';
import {
  SavedResourceTop,
  useDeleteThenLeave,
  type ResourceWords,
} from '../../components/saved-resource-top';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { AgentEditForm } from './agent-edit-form';
import { agentPath } from '../../lib/paths';
import '../../components/resource-page.css';
import './agents.css';

const WORDS: ResourceWords<Agent> = {
  kind: 'agent',
  listLabel: 'Agents',
  modelRole: 'Model',
  modelOf: (agent) => agent.model,
};

export interface AgentPageProps {
  project: string;
  name: string;
  /** A test chat to show beside the editor (composed by the route, so this feature needs no other). */
  aside?: ReactNode;
}

/** One agent: its editor and, beside it, a chat with the saved version. */
export function AgentPage({ project, name, aside }: AgentPageProps) {
  const agent = useAgent(project, name);
  const [dirty, setDirty] = useState(false);
  const remove = useDeleteAgent(project);
  const deletion = useDeleteThenLeave(agentPath(project));

  return (
    <div className={`page rp ag-page${aside ? ' has-aside' : ''}`}>
      <SavedResourceTop words={WORDS} project={project} name={name} query={agent} deletion={deletion} />
      {agent.data && !deletion.deleted && (
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
      {deletion.asking && (
        <TypeToConfirm
          title={`Delete agent ${name}?`}
          confirmText={name}
          actionLabel="Delete agent"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? problemMessage(remove.error) : undefined}
          onClose={deletion.cancel}
          onConfirm={() => remove.mutate(name, { onSuccess: deletion.done })}
        >
          <p>Its settings are deleted. Its knowledge bases and tables stay as they are.</p>
        </TypeToConfirm>
      )}
    </div>
  );
}
