import { Link, useNavigate } from 'react-router';
import { useAgents } from '../../api/agents/queries';
import { AgentPicker } from './agent-picker';
import { ChatPane } from './chat-pane';
import { chatPath, newAgentPath } from '../../lib/paths';
import './chat.css';

/** The chat page: pick an agent (the choice is in the address, so it can be linked), then talk to it. */
export function ChatPage({ project, agent }: { project: string; agent?: string }) {
  const navigate = useNavigate();
  const agents = useAgents(project);
  return (
    <div className="chat-page">
      <header className="chat-page-head">
        <h1>Chat</h1>
        <AgentPicker project={project} agent={agent} onChange={(name) => navigate(chatPath(project, name))} />
      </header>
      {agent ? (
        <ChatPane key={`${project}/${agent}`} project={project} agent={agent} />
      ) : agents.data?.length === 0 ? (
        <div className="chat-empty">
          <p>
            There is no agent in {project} yet. An agent answers questions from the knowledge bases and tables
            you give it.
          </p>
          <Link className="btn btn-primary" to={newAgentPath(project)}>
            Create an agent
          </Link>
        </div>
      ) : (
        <p className="chat-empty">Choose an agent to start a conversation.</p>
      )}
    </div>
  );
}
