import { Link } from 'react-router';
import type { Agent } from '../../../protocol/api/agents';
import { useAgents } from '../../api/agents/queries';
import { shortTimestamp } from '../../components/format';
import { describeModel } from '../../components/model-fields/model-draft';
import { TableHead } from '../../components/table-head';
import '../../components/resource-page.css';
import { agentPath, chatPath, newAgentPath } from '../../lib/paths';
import './agents.css';

const list = (items: string[] | undefined) => (items?.length ? items.join(', ') : '—');

/** The agents of a project, with their model and data at a glance. */
export function AgentListPage({ project }: { project: string }) {
  const agents = useAgents(project);
  return (
    <div className="page rp">
      <header className="rp-head">
        <h1>Agents</h1>
        <span className="rp-badge">project {project}</span>
        <div className="rp-head-actions">
          <Link className="btn btn-primary" to={newAgentPath(project)}>
            New agent
          </Link>
        </div>
      </header>
      {agents.isPending && <p className="muted">Loading agents…</p>}
      {agents.isError && (
        <p role="alert" className="error-box">
          Could not list the agents: {agents.error.message}
        </p>
      )}
      {agents.data?.length === 0 && (
        <div className="rp-empty">
          <h2>No agents in {project} yet</h2>
          <p className="muted">
            An agent answers questions with a language model, searching the knowledge bases and querying the
            tables you give it.
          </p>
          <Link className="btn btn-primary" to={newAgentPath(project)}>
            Create an agent
          </Link>
        </div>
      )}
      {!!agents.data?.length && <AgentTable project={project} agents={agents.data} />}
    </div>
  );
}

function AgentTable({ project, agents }: { project: string; agents: Agent[] }) {
  return (
    <table className="rp-table">
      <caption className="sr-only">Agents of {project}</caption>
      <TableHead columns={['Name', 'Model', 'Knowledge bases', 'Tables', 'Updated', { hidden: 'Actions' }]} />
      <tbody>
        {agents.map((a) => (
          <tr key={a.name}>
            <td>
              <Link to={agentPath(project, a.name)}>{a.name}</Link>
            </td>
            <td>{describeModel(a.model)}</td>
            <td className="rp-mono">{list(a.data?.knowledge_bases)}</td>
            <td className="rp-mono">{list(a.data?.tables)}</td>
            <td className="muted">{shortTimestamp(a.updated_at ?? a.created_at)}</td>
            <td>
              <Link to={chatPath(project, a.name)} aria-label={`Chat with ${a.name}`}>
                Chat
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
