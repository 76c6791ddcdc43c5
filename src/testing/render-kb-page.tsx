import { KnowledgeBasePage } from '../features/knowledge-bases/kb-page';
import { renderRoutes } from './render-routes';

/** The page of the knowledge base `mindsdb.docs`, opened on `tab` (its first tab when none is given). */
export function renderKbPage(tab?: string) {
  return renderRoutes(
    [
      {
        path: '/projects/:project/knowledge-bases/:kb',
        element: <KnowledgeBasePage project="mindsdb" name="docs" />,
      },
    ],
    `/projects/mindsdb/knowledge-bases/docs${tab ? `?tab=${tab}` : ''}`,
  );
}
