import { NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { useLogout } from '../../api/auth/mutations';
import { useProjects } from '../../api/tree/queries';
import { useStatus } from '../../api/auth/queries';
import { ObjectBrowser } from '../../features/explorer/object-browser';
import { ReloginDialog } from '../../features/auth/relogin-dialog';
import { useAuthDisabled } from '../../features/auth/auth-gate';
import { PlainOptions } from '../../components/plain-options';
import { ThemeToggle } from '../../components/theme-toggle';
import {
  dataSourcePath,
  DEFAULT_PROJECT,
  loginPath,
  pagePath,
  projectsPath,
  settingsPath,
  type ProjectPage,
} from '../../lib/paths';
import { UnknownProject } from './unknown-project';
import './app-shell.css';

/** Header with the project switcher and page tabs, the object browser on the left, the page on the right. */
export function AppShell() {
  const { project = DEFAULT_PROJECT } = useParams();
  const authDisabled = useAuthDisabled();
  const status = useStatus();
  const logout = useLogout();
  const navigate = useNavigate();
  const projects = useProjects();
  // Until the list is read (or where it cannot be), the page is shown as asked.
  const names = projects.data?.map((p) => p.name);
  const unknown = names !== undefined && !names.some((name) => sameProject(name, project));

  return (
    <div className="shell">
      <SkipLink />
      <header className="shell-header">
        <span className="shell-brand">Knowledge Studio</span>
        <ProjectSwitcher project={project} names={names ?? [project]} />
        <NavLink className="shell-projects-link" to={projectsPath()} end>
          Projects
        </NavLink>
        <nav className="shell-tabs" aria-label="Pages">
          <NavLink to={pagePath(project, 'worksheet')}>Worksheet</NavLink>
          <NavLink to={pagePath(project, 'knowledge-bases')}>Knowledge bases</NavLink>
          <NavLink to={pagePath(project, 'agents')}>Agents</NavLink>
          <NavLink to={pagePath(project, 'chat')}>Chat</NavLink>
          <NavLink to={pagePath(project, 'jobs')}>Jobs</NavLink>
          <NavLink to={pagePath(project, 'views')}>Views</NavLink>
        </nav>
        <span className="shell-spacer" />
        <NavLink to={settingsPath(project)} className="shell-settings">
          Settings
        </NavLink>
        <ThemeToggle />
        {authDisabled && (
          <span
            className="shell-banner"
            role="note"
            title="Login is off on this instance: anyone who can reach this server can use it"
          >
            Login is off
          </span>
        )}
        {status.data?.auth?.http_auth_enabled && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate(loginPath()) })}
          >
            Log out
          </button>
        )}
      </header>
      <aside className="shell-sidebar">
        <ObjectBrowser project={project} />
      </aside>
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        {unknown ? (
          <UnknownProject project={project} projects={names} />
        ) : (
          // Drawn once the project is known to exist (or its list cannot be read): a page of a project that
          // does not exist would keep drafts for it.
          !projects.isPending && <Outlet />
        )}
      </main>
      <ReloginDialog />
    </div>
  );
}

const MAIN_ID = 'main-content';

/** Project names are compared as the server compares them, in any case. */
const sameProject = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The first stop of the Tab order: jumps past the header and the object browser to the page itself. It moves
 * focus by script rather than by a `#` address, so the router's address is left alone.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/** The projects of the server; a project the server does not have is not offered (nothing is chosen). */
function ProjectSwitcher({ project, names }: { project: string; names: string[] }) {
  const navigate = useNavigate();
  const current = names.find((name) => sameProject(name, project));
  return (
    <label className="shell-project">
      <span className="muted">Project</span>
      <select
        className="input"
        name="project"
        value={current ?? ''}
        onChange={(e) => {
          // Keep the same page, in the other project. A data source belongs to the instance: its page stays.
          const [, , , page = 'worksheet', source] = window.location.pathname.split('/');
          if (page === 'data-sources' && source) {
            navigate(dataSourcePath(e.target.value, decodeURIComponent(source)));
          } else {
            navigate(pagePath(e.target.value, page as ProjectPage));
          }
        }}
      >
        {current === undefined && (
          <option value="" disabled>
            Choose a project
          </option>
        )}
        <PlainOptions values={names} />
      </select>
    </label>
  );
}
