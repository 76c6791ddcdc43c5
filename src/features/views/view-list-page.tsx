import { Link } from 'react-router';
import type { View } from '../../../protocol/api/views';
import { useViews } from '../../api/views/queries';
import { ResourceListPage, type ListWords } from '../../components/resource-list-page';
import { TableHead } from '../../components/table-head';
import { newViewPath, viewPath } from '../../lib/paths';
import '../../components/resource-page.css';
import './views.css';

const WORDS: ListWords = {
  title: 'Views',
  many: 'views',
  newLabel: 'New view',
  createLabel: 'Create a view',
  intro: 'A view is a saved SELECT: read it as a table from the worksheet, a job, an agent or another view.',
};

/** The views of a project, each with the start of its query. */
export function ViewListPage({ project }: { project: string }) {
  const views = useViews(project);
  return (
    <ResourceListPage project={project} words={WORDS} newHref={newViewPath(project)} query={views}>
      {(items) => <ViewTable project={project} views={items} />}
    </ResourceListPage>
  );
}

const oneLine = (sql: string) => {
  const text = sql.replace(/\s+/g, ' ').trim();
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
};

function ViewTable({ project, views }: { project: string; views: View[] }) {
  return (
    <table className="rp-table">
      <caption className="sr-only">Views of {project}</caption>
      <TableHead columns={['Name', 'Query']} />
      <tbody>
        {views.map((view) => (
          <tr key={view.name}>
            <td>
              <Link to={viewPath(project, view.name)}>{view.name}</Link>
            </td>
            <td className="rp-mono view-query-cell">{oneLine(view.query)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
