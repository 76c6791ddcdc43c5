import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentKeys } from '../../api/agents/keys';
import { fakeFetch } from '../../testing/fake-fetch';
import { ChatPage } from './chat-page';

// Nothing here asks a question: any request would be a bug, and the fake answers it 404.
beforeEach(() => fakeFetch(() => undefined));
function Route() {
  const { project = 'mindsdb', agent } = useParams();
  return <ChatPage project={project} agent={agent} />;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(agentKeys.list('proj'), [
    { id: 1, name: 'support' },
    { id: 2, name: 'sales' },
  ]);
  const router = createMemoryRouter([{ path: '/projects/:project/chat/:agent?', element: <Route /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ChatPage', () => {
  it('asks for an agent first, and puts the chosen one in the address', async () => {
    const router = renderAt('/projects/proj/chat');
    expect(screen.getByText('Choose an agent to start a conversation.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'sales');
    expect(router.state.location.pathname).toBe('/projects/proj/chat/sales');
    expect(screen.getByRole('region', { name: 'Chat with sales' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question for sales' })).toBeInTheDocument();
  });

  it('opens the agent named in the address, even one missing from the list', () => {
    renderAt('/projects/proj/chat/archived');
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('archived');
    expect(screen.getByRole('region', { name: 'Chat with archived' })).toBeInTheDocument();
  });
});
