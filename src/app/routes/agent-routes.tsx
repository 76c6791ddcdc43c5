import { lazy, Suspense } from 'react';
import { DEFAULT_PROJECT } from '../../lib/paths';
import { useParams } from 'react-router';
import { AgentCreatePage } from '../../features/agents/agent-create-page';
import { AgentListPage } from '../../features/agents/agent-list-page';
import { AgentPage } from '../../features/agents/agent-page';
import { projectRoute } from './project-route';

// The chat pane brings the markdown renderer: load it only when an agent page opens.
const ChatPane = lazy(() => import('../../features/chat/chat-pane').then((m) => ({ default: m.ChatPane })));

export const AgentsRoute = projectRoute(AgentListPage);
export const NewAgentRoute = projectRoute(AgentCreatePage, { fresh: true });

export function AgentRoute() {
  const { project = DEFAULT_PROJECT, agent = '' } = useParams();
  return (
    <AgentPage
      key={`${project}/${agent}`}
      project={project}
      name={agent}
      aside={
        <Suspense fallback={<p className="muted">Loading the chat…</p>}>
          <ChatPane project={project} agent={agent} />
        </Suspense>
      }
    />
  );
}
