import { useParams } from 'react-router';
import { PendingPage } from '../pending-page';

// The agent editor is being built; until then these routes say what they will hold.
export function AgentsRoute() {
  const { project = 'mindsdb' } = useParams();
  return (
    <PendingPage title={`Agents of ${project}`}>
      The list of this project&apos;s agents and an editor for their model, data and prompt.
    </PendingPage>
  );
}
export const NewAgentRoute = AgentsRoute;
export const AgentRoute = AgentsRoute;
