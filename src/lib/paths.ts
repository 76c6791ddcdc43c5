/**
 * Every console address in one place, so a page never spells a URL by hand and a route change is one edit.
 * Names are encoded: a knowledge base called `docs kb` has the page `/projects/p/knowledge-bases/docs%20kb`.
 */

/** The project a fresh console opens, and the one a route without `:project` falls back to (as MindsDB). */
export const DEFAULT_PROJECT = 'mindsdb';

/** The pages a project has, in the order the header shows them. */
export type ProjectPage = 'worksheet' | 'knowledge-bases' | 'agents' | 'chat' | 'jobs' | 'views';

const at = (name: string | undefined) =>
  name === undefined || name === '' ? '' : `/${encodeURIComponent(name)}`;

const projectPath = (project: string) => `/projects/${encodeURIComponent(project)}`;

export const pagePath = (project: string, page: ProjectPage) => `${projectPath(project)}/${page}`;

/** The worksheet of a project. */
export const worksheetPath = (project: string) => pagePath(project, 'worksheet');

/**
 * The worksheet showing a table's first rows in its preview tab (the object browser's click on a table). The
 * address names the table, part by part (`db`, a schema, `table`), never SQL: the worksheet writes the SELECT
 * itself, so a link from elsewhere cannot make it run anything but that.
 */
export const tablePreviewPath = (project: string, table: readonly string[]) =>
  `${worksheetPath(project)}?${table.map((part) => `${PREVIEW_PARAM}=${encodeURIComponent(part)}`).join('&')}`;

/** The query parameter of tablePreviewPath, once per part of the table's name. */
export const PREVIEW_PARAM = 'preview';

/** The list of knowledge bases, or one knowledge base's page. */
export const kbPath = (project: string, kb?: string) => `${pagePath(project, 'knowledge-bases')}${at(kb)}`;

/**
 * The create pages. `-` can never be a name, so a knowledge base or agent called `new` still has its own page;
 * the path stays under the list so the navigation still shows where the user is.
 */
export const newKbPath = (project: string) => `${kbPath(project)}/-/new`;

/** The list of agents, or one agent's page (its editor beside a chat). */
export const agentPath = (project: string, agent?: string) => `${pagePath(project, 'agents')}${at(agent)}`;

export const newAgentPath = (project: string) => `${agentPath(project)}/-/new`;

/** The chat page, with an agent chosen or not. */
export const chatPath = (project: string, agent?: string) => `${pagePath(project, 'chat')}${at(agent)}`;

/** The list of jobs, or one job's page (its schedule, statements and runs). */
export const jobPath = (project: string, job?: string) => `${pagePath(project, 'jobs')}${at(job)}`;

export const newJobPath = (project: string) => `${jobPath(project)}/-/new`;

/** The list of views, or one view's page (its query, first rows and what uses it). */
export const viewPath = (project: string, view?: string) => `${pagePath(project, 'views')}${at(view)}`;

export const newViewPath = (project: string) => `${viewPath(project)}/-/new`;

/** The page that lists the projects, creates and deletes them: it belongs to no project. */
export const projectsPath = () => '/projects';

export const loginPath = (next?: string) => `/login${next ? `?next=${encodeURIComponent(next)}` : ''}`;

/**
 * A connected data source's page. Sources belong to the instance, not to a project: the project in the path is
 * only the one the header stays on.
 */
export const dataSourcePath = (project: string, source: string) =>
  `${projectPath(project)}/data-sources/${encodeURIComponent(source)}`;

/** The instance's settings (login, default models); like a data source, not a project's. */
export const settingsPath = (project: string) => `${projectPath(project)}/settings`;
