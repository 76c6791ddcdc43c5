import { DEFAULT_PROJECT } from '../../lib/paths';
import { useParams } from 'react-router';
import { ChatPage } from '../../features/chat/chat-page';

export default function ChatRoute() {
  const { project = DEFAULT_PROJECT, agent } = useParams();
  return <ChatPage project={project} agent={agent} />;
}
