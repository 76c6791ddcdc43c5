import { useParams } from 'react-router';
import { ViewCreatePage } from '../../features/views/view-create-page';
import { ViewListPage } from '../../features/views/view-list-page';
import { ViewPage } from '../../features/views/view-page';
import { DEFAULT_PROJECT } from '../../lib/paths';
import { projectRoute } from './project-route';

export const ViewsRoute = projectRoute(ViewListPage);
export const NewViewRoute = projectRoute(ViewCreatePage, { fresh: true });

export function ViewRoute() {
  const { project = DEFAULT_PROJECT, view = '' } = useParams();
  return <ViewPage key={`${project}/${view}`} project={project} name={view} />;
}
