import { useNavigate } from 'react-router';
import { AgentPicker } from './agent-picker';
import { ChatPane } from './chat-pane';
import { chatPath } from '../../lib/paths';
import './chat.css';

/** The chat page: pick an agent (the choice is in the address, so it can be linked), then talk to it. */
export function ChatPage({ project, agent }: { project: string; agent?: string }) {
  const navigate = useNavigate();
  return (
    <div className="chat-page">
      <header className="chat-page-head">
        <h1>Chat</h1>
        <AgentPicker project={project} agent={agent} onChange={(name) => navigate(chatPath(project, name))} />
      </header>
      {agent ? (
        <ChatPane key={`${project}/${agent}`} project={project} agent={agent} />
      ) : (
        <p className="chat-empty">Choose an agent to start a conversation.</p>
      )}
    </div>
  );
}
