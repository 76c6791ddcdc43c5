import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AuthGate } from '../features/auth/auth-gate';
import { LoginPage } from '../features/auth/login-page';
import { AppShell } from './layout/app-shell';
import { DEFAULT_PROJECT, pagePath } from '../lib/paths';
import { RouteError } from './route-error';
import {
  KnowledgeBasesRoute,
  KnowledgeBaseRoute,
  NewKnowledgeBaseRoute,
} from './routes/knowledge-base-routes';
import { AgentsRoute, AgentRoute, NewAgentRoute } from './routes/agent-routes';

// The worksheet (editor + grid) and the chat pane are large: they load only when opened.
const WorksheetRoute = lazy(() => import('./routes/worksheet-route'));
const ChatRoute = lazy(() => import('./routes/chat-route'));

const loading = (element: ReactNode) => (
  <Suspense fallback={<p className="muted page">Loading…</p>}>{element}</Suspense>
);

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <AuthGate>
        <AppShell />
      </AuthGate>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={pagePath(DEFAULT_PROJECT, 'worksheet')} replace /> },
      { path: 'projects/:project', element: <Navigate to="worksheet" replace /> },
      { path: 'projects/:project/worksheet', element: loading(<WorksheetRoute />) },
      { path: 'projects/:project/knowledge-bases', element: <KnowledgeBasesRoute /> },
      { path: 'projects/:project/knowledge-bases/-/new', element: <NewKnowledgeBaseRoute /> },
      { path: 'projects/:project/knowledge-bases/:kb', element: <KnowledgeBaseRoute /> },
      { path: 'projects/:project/agents', element: <AgentsRoute /> },
      { path: 'projects/:project/agents/-/new', element: <NewAgentRoute /> },
      { path: 'projects/:project/agents/:agent', element: <AgentRoute /> },
      { path: 'projects/:project/chat/:agent?', element: loading(<ChatRoute />) },
      { path: '*', element: <RouteError notFound /> },
    ],
  },
]);
