import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AuthGate } from '../features/auth/auth-gate';
import { LoginPage } from '../features/auth/login-page';
import { DEFAULT_PROJECT, pagePath } from '../lib/paths';
import { RouteError } from './route-error';

// The login page is all a first visit needs: everything behind the login (the shell with its object browser,
// each page and what it brings: editor, grid, markdown) loads when it is first opened, so the login route
// downloads only React, the router and the auth code.
const WorksheetRoute = lazy(() => import('./routes/worksheet-route'));
const ChatRoute = lazy(() => import('./routes/chat-route'));
const DataSourceRoute = lazy(() => import('./routes/data-source-route'));
const SettingsRoute = lazy(() => import('./routes/settings-route'));
const loadKnowledgeBaseRoutes = () => import('./routes/knowledge-base-routes');
const KnowledgeBasesRoute = lazy(() =>
  loadKnowledgeBaseRoutes().then((m) => ({ default: m.KnowledgeBasesRoute })),
);
const NewKnowledgeBaseRoute = lazy(() =>
  loadKnowledgeBaseRoutes().then((m) => ({ default: m.NewKnowledgeBaseRoute })),
);
const KnowledgeBaseRoute = lazy(() =>
  loadKnowledgeBaseRoutes().then((m) => ({ default: m.KnowledgeBaseRoute })),
);
const loadAgentRoutes = () => import('./routes/agent-routes');
const AgentsRoute = lazy(() => loadAgentRoutes().then((m) => ({ default: m.AgentsRoute })));
const NewAgentRoute = lazy(() => loadAgentRoutes().then((m) => ({ default: m.NewAgentRoute })));
const AgentRoute = lazy(() => loadAgentRoutes().then((m) => ({ default: m.AgentRoute })));
const loadJobRoutes = () => import('./routes/job-routes');
const JobsRoute = lazy(() => loadJobRoutes().then((m) => ({ default: m.JobsRoute })));
const NewJobRoute = lazy(() => loadJobRoutes().then((m) => ({ default: m.NewJobRoute })));
const JobRoute = lazy(() => loadJobRoutes().then((m) => ({ default: m.JobRoute })));
const loadViewRoutes = () => import('./routes/view-routes');
const ViewsRoute = lazy(() => loadViewRoutes().then((m) => ({ default: m.ViewsRoute })));
const NewViewRoute = lazy(() => loadViewRoutes().then((m) => ({ default: m.NewViewRoute })));
const ViewRoute = lazy(() => loadViewRoutes().then((m) => ({ default: m.ViewRoute })));
const ProjectsRoute = lazy(() => import('./routes/projects-route'));

const whenIdle = (run: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);

/** Once the shell is in (the user is past the login), the other pages' code arrives while the browser is idle. */
const AppShell = lazy(() =>
  import('./layout/app-shell').then((m) => {
    whenIdle(() => {
      void loadKnowledgeBaseRoutes();
      void loadAgentRoutes();
    });
    return { default: m.AppShell };
  }),
);

const loading = (element: ReactNode) => (
  <Suspense fallback={<p className="muted page">Loading…</p>}>{element}</Suspense>
);

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <AuthGate>{loading(<AppShell />)}</AuthGate>,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={pagePath(DEFAULT_PROJECT, 'worksheet')} replace /> },
      { path: 'projects', element: loading(<ProjectsRoute />) },
      { path: 'projects/:project', element: <Navigate to="worksheet" replace /> },
      { path: 'projects/:project/worksheet', element: loading(<WorksheetRoute />) },
      { path: 'projects/:project/knowledge-bases', element: loading(<KnowledgeBasesRoute />) },
      { path: 'projects/:project/knowledge-bases/-/new', element: loading(<NewKnowledgeBaseRoute />) },
      { path: 'projects/:project/knowledge-bases/:kb', element: loading(<KnowledgeBaseRoute />) },
      { path: 'projects/:project/agents', element: loading(<AgentsRoute />) },
      { path: 'projects/:project/agents/-/new', element: loading(<NewAgentRoute />) },
      { path: 'projects/:project/agents/:agent', element: loading(<AgentRoute />) },
      { path: 'projects/:project/chat/:agent?', element: loading(<ChatRoute />) },
      { path: 'projects/:project/data-sources/:source', element: loading(<DataSourceRoute />) },
      { path: 'projects/:project/settings', element: loading(<SettingsRoute />) },
      { path: 'projects/:project/jobs', element: loading(<JobsRoute />) },
      { path: 'projects/:project/jobs/-/new', element: loading(<NewJobRoute />) },
      { path: 'projects/:project/jobs/:job', element: loading(<JobRoute />) },
      { path: 'projects/:project/views', element: loading(<ViewsRoute />) },
      { path: 'projects/:project/views/-/new', element: loading(<NewViewRoute />) },
      { path: 'projects/:project/views/:view', element: loading(<ViewRoute />) },
      { path: '*', element: <RouteError notFound /> },
    ],
  },
]);
