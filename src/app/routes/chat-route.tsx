import { useParams } from 'react-router';
import { ChatPage } from '../../features/chat/chat-page';

export default function ChatRoute() {
  const { project = 'mindsdb', agent } = useParams();
  return <ChatPage project={project} agent={agent} />;
}
