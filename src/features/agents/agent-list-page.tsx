import { Link } from 'react-router';
import type { Agent } from '../../../protocol/api/agents';
import { useAgents } from '../../api/agents/queries';
import { formatMoment } from '../../components/format';
import { describeModel } from '../../components/model-fields/model-draft';
import { ResourceListPage, type ListWords } from '../../components/resource-list-page';
import { TableHead } from '../../components/table-head';
import '../../components/resource-page.css';
import { agentPath, chatPath, newAgentPath } from '../../lib/paths';
import './agents.css';

const list = (items: string[] | undefined) => (items?.length ? items.join(', ') : '—');

const WORDS: ListWords = {
  title: 'Agents',
  many: 'agents',
  newLabel: 'New agent',
  createLabel: 'Create an agent',
  intro:
    'An agent answers questions with a language model, searching the knowledge bases and querying the tables you give it.',
};

/** The agents of a project, with their model and data at a glance. */
export function AgentListPage({ project }: { project: string }) {
  const agents = useAgents(project);
  return (
    <ResourceListPage project={project} words={WORDS} newHref={newAgentPath(project)} query={agents}>
      {(items) => <AgentTable project={project} agents={items} />}
    </ResourceListPage>
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
            <td className="muted">{formatMoment(a.updated_at ?? a.created_at)}</td>
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
