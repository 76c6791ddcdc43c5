import { useAgents } from '../../api/agents/queries';
import { useDeleteKnowledgeBase } from '../../api/knowledge-bases/mutations';
import { problemMessage } from '../../components/field-errors';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { agentsUsingKb } from './kb-usage';

/** Deletes a KB once its name is typed, after saying which of the project's agents use it. */
export function DeleteKbDialog(props: {
  project: string;
  kb: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { project, kb, onClose, onDeleted } = props;
  const agents = useAgents(project);
  const remove = useDeleteKnowledgeBase(project);
  const uses = agents.data ? agentsUsingKb(agents.data, project, kb) : [];
  return (
    <TypeToConfirm
      title={`Delete knowledge base ${kb}?`}
      confirmText={kb}
      actionLabel="Delete knowledge base"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? problemMessage(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() => remove.mutate(kb, { onSuccess: onDeleted })}
    >
      <p>Its chunks and vectors are deleted with it. This cannot be undone.</p>
      {agents.isPending && <p className="muted">Checking which agents use it…</p>}
      {agents.isError && (
        <p className="field-error">Could not check which agents use it: {agents.error.message}</p>
      )}
      {agents.isSuccess && uses.length === 0 && <p className="muted">No agent of {project} uses it.</p>}
      {uses.length > 0 && (
        <div className="kb-uses" role="note" aria-label="Agents that use this knowledge base">
          <p>
            {uses.length === 1 ? 'One agent uses it' : `${uses.length} agents use it`} and will no longer find
            its content:
          </p>
          <ul>
            {uses.map((u) => (
              <li key={u.agent}>
                <strong>{u.agent}</strong> <span className="muted">through {u.via}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </TypeToConfirm>
  );
}
