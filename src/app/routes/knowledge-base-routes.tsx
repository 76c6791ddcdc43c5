import { DEFAULT_PROJECT } from '../../lib/paths';
import { useParams } from 'react-router';
import { CreateKnowledgeBasePage } from '../../features/knowledge-bases/kb-create-page';
import { KnowledgeBaseListPage } from '../../features/knowledge-bases/kb-list-page';
import { KnowledgeBasePage } from '../../features/knowledge-bases/kb-page';
import { projectRoute } from './project-route';

export const KnowledgeBasesRoute = projectRoute(KnowledgeBaseListPage);
export const NewKnowledgeBaseRoute = projectRoute(CreateKnowledgeBasePage, { fresh: true });

export function KnowledgeBaseRoute() {
  const { project = DEFAULT_PROJECT, kb = '' } = useParams();
  // A new KB is a new page: no draft or search result carries over from the previous one.
  return <KnowledgeBasePage key={`${project}/${kb}`} project={project} name={kb} />;
}
