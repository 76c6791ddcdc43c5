import { useParams } from 'react-router';
import { PendingPage } from '../pending-page';

// The knowledge base pages are being built; until then these routes say what they will hold.
export function KnowledgeBasesRoute() {
  const { project = 'mindsdb' } = useParams();
  return (
    <PendingPage title={`Knowledge bases of ${project}`}>
      The list of this project&apos;s knowledge bases, with their settings, a search panel and data loading.
    </PendingPage>
  );
}
export const NewKnowledgeBaseRoute = KnowledgeBasesRoute;
export const KnowledgeBaseRoute = KnowledgeBasesRoute;
