import { Link } from 'react-router';
import { useProjectObjects } from '../../api/databases/dependents';
import { useDropDatabase } from '../../api/databases/mutations';
import { problemMessage } from '../../components/field-errors';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { agentPath, kbPath } from '../../lib/paths';
import { dependentCount, sourceDependents, type Dependent } from './source-dependents';

/**
 * Drops a source once its name is typed, after listing what names it in any project: agents that read its
 * tables, views and jobs whose statements name it, and the knowledge bases loaded from it: by such a job, or
 * (on our server, which records each load's sources) by hand.
 */
export function DropSourceDialog(props: { source: string; onClose: () => void; onDropped: () => void }) {
  const { source, onClose, onDropped } = props;
  const objects = useProjectObjects(source, true);
  const drop = useDropDatabase(source);
  const found = objects.data ? sourceDependents(objects.data, source) : undefined;
  return (
    <TypeToConfirm
      title={`Drop data source ${source}?`}
      confirmText={source}
      actionLabel="Drop data source"
      pendingLabel="Dropping…"
      pending={drop.isPending}
      error={drop.isError ? problemMessage(drop.error) : undefined}
      onClose={onClose}
      onConfirm={() => drop.mutate(undefined, { onSuccess: onDropped })}
    >
      <p>
        The connection and its saved parameters are removed from this server. The database it connects to, and
        its tables, are not touched.
      </p>
      {objects.isPending && <p className="muted">Checking what names {source}…</p>}
      {objects.isError && (
        <p className="field-error">Could not check what names it: {objects.error.message}</p>
      )}
      {found && dependentCount(found) === 0 && (
        <p className="muted">No agent, view or job of any project names {source}.</p>
      )}
      {found && dependentCount(found) > 0 && (
        <div className="ds-dependents" role="note" aria-label={`What names ${source}`}>
          <p>These name {source} and will fail once it is dropped:</p>
          <DependentList title="Agents" items={found.agents} link={agentPath} />
          <DependentList title="Views" items={found.views} />
          <DependentList title="Jobs" items={found.jobs} />
          <DependentList title="Knowledge bases loaded from it" items={found.knowledgeBases} link={kbPath} />
          {found.knowledgeBases.length > 0 && (
            <p className="field-hint">
              A knowledge base keeps the rows already loaded; only its next load from {source} fails.
            </p>
          )}
        </div>
      )}
      {found && found.unread.length > 0 && (
        <p className="field-error">Could not read {found.unread.join('; ')}: the list may be incomplete.</p>
      )}
      {found && found.kbsUnrecorded > 0 && (
        <p className="field-hint">
          This server does not record which source a knowledge base was loaded from by hand: only the loads
          made by a job are listed.
        </p>
      )}
    </TypeToConfirm>
  );
}

function DependentList(props: {
  title: string;
  items: Dependent[];
  link?: (project: string, name: string) => string;
}) {
  const { title, items, link } = props;
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="ds-dependents-title">
        {title} ({items.length})
      </h3>
      <ul>
        {items.map((d) => (
          <li key={`${d.project}.${d.name}`}>
            {link ? (
              <Link to={link(d.project, d.name)}>
                {d.project}.{d.name}
              </Link>
            ) : (
              <strong>
                {d.project}.{d.name}
              </strong>
            )}{' '}
            <span className="muted rp-mono">{d.via}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
