import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_PROJECT } from '../../lib/paths';

/**
 * The route of a page that takes only the project from the address. `fresh`: opening another project opens
 * a new page, so nothing typed in one project (a create form's draft) carries over to the next.
 */
export function projectRoute(Page: ComponentType<{ project: string }>, { fresh = false } = {}) {
  return function ProjectRoute() {
    const { project = DEFAULT_PROJECT } = useParams();
    return <Page key={fresh ? project : undefined} project={project} />;
  };
}
