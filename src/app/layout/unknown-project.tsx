import { Link } from 'react-router';
import { pagePath } from '../../lib/paths';

/**
 * What the shell shows instead of a page when the address names a project the server does not have (a typo,
 * a project dropped since the link was made): says so, and offers the projects there are.
 */
export function UnknownProject({ project, projects }: { project: string; projects: string[] }) {
  return (
    <div className="page">
      <h1>There is no project called “{project}”</h1>
      <p>The address names a project this server does not have. Open one of its projects:</p>
      <ul aria-label="Projects" className="unknown-project-list">
        {projects.map((name) => (
          <li key={name}>
            <Link to={pagePath(name, 'worksheet')}>{name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
