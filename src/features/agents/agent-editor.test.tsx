import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agentEtag } from '../../../protocol/api/agents';
import { fakeFetch, type FakeRequest, type FakeResponse } from '../../testing/fake-fetch';
import { AgentCreatePage } from './agent-create-page';
import { AgentListPage } from './agent-list-page';
import { AgentPage } from './agent-page';
import { fakeTree } from '../../testing/fake-tree';
import { renderRoutes } from '../../testing/render-routes';
import { formatMoment } from '../../components/format';

const AGENT = '/api/projects/mindsdb/agents/support';
const support = {
  id: 7,
  name: 'support',
  project_id: 1,
  model: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: '******' },
  data: { knowledge_bases: ['mindsdb.*'], tables: ['files.orders'] },
  prompt_template: 'Answer from the help articles.',
  updated_at: '2026-01-02 03:04:05.000000',
};

const tree = fakeTree({
  mindsdb: { type: 'project', objects: { docs: 'knowledge_base', faq: 'knowledge_base', support: 'agent' } },
  files: { type: 'data', objects: { orders: 'table' } },
});

function Page() {
  return <AgentPage project="mindsdb" name="support" aside={<p>chat here</p>} />;
}
const routes = [
  { path: '/projects/:project/agents', element: <AgentListPage project="mindsdb" /> },
  { path: '/projects/:project/agents/-/new', element: <AgentCreatePage project="mindsdb" /> },
  { path: '/projects/:project/agents/:agent', element: <Page /> },
];

function server(put?: (req: FakeRequest) => FakeResponse | undefined) {
  let current: Record<string, unknown> = { ...support };
  return fakeFetch((req) => {
    if (req.path === AGENT && req.method === 'GET') return { json: current };
    if (req.path === AGENT && req.method === 'PUT') {
      const answer = put?.(req);
      if (answer) return answer;
      const input = (req.body as { agent: Record<string, unknown> }).agent;
      current = { ...current, ...input, model: current.model, updated_at: '2026-01-02 09:10:11.000000' };
      return { json: current };
    }
    if (req.path === '/api/projects/mindsdb/agents' && req.method === 'POST') {
      const input = (req.body as { agent: Record<string, unknown> }).agent;
      current = { ...support, ...input, id: 8 };
      return { status: 201, json: current };
    }
    if (req.path === '/api/projects/mindsdb/agents') return { json: [current] };
    return tree(req);
  });
}

describe('agent editor', () => {
  it('creates an agent with a wildcard, showing what the wildcard selects now', async () => {
    const api = server();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/projects/mindsdb/agents/-/new');
    await user.type(screen.getByLabelText('Name'), 'support');
    const kbs = screen.getByRole('group', { name: 'Knowledge bases' });
    expect(await within(kbs).findByText(/mindsdb\.\* selects 2 now: docs, faq/)).toBeInTheDocument();
    await user.click(within(kbs).getByRole('button', { name: 'Add mindsdb.*' }));
    const chosen = within(kbs).getByRole('list', { name: 'Chosen knowledge bases' });
    expect(within(chosen).getByText('Expands now to 2: docs, faq')).toBeInTheDocument();

    const tables = screen.getByRole('group', { name: 'Tables' });
    await waitFor(() => expect(within(tables).getByRole('option', { name: 'orders' })).toBeInTheDocument());
    await user.selectOptions(within(tables).getByLabelText('Table'), 'orders');
    await user.click(within(tables).getByRole('button', { name: 'Add files.orders' }));
    await user.type(screen.getByLabelText('Prompt template'), 'Answer from the help articles.');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/mindsdb/agents/support'));
    expect(api.sent('POST', '/api/projects/mindsdb/agents')[0].body).toEqual({
      agent: {
        name: 'support',
        model: { provider: 'local' },
        data: { knowledge_bases: ['mindsdb.*'], tables: ['files.orders'] },
        prompt_template: 'Answer from the help articles.',
      },
    });
  });

  it('sends only the prompt when only the prompt changed, and shows the returned object', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, '/projects/mindsdb/agents/support');
    const prompt = await screen.findByLabelText('Prompt template');
    await user.clear(prompt);
    await user.type(prompt, 'Be brief.');
    expect(screen.getByText('Unsaved: prompt template')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(`Saved at ${formatMoment('2026-01-02 09:10:11')}.`, { exact: false });
    expect(api.sent('PUT', AGENT)[0].body).toEqual({ agent: { prompt_template: 'Be brief.' } });
    expect(screen.getByLabelText('Prompt template')).toHaveValue('Be brief.');
    const kbs = screen.getByRole('list', { name: 'Chosen knowledge bases' });
    expect(within(kbs).getByText('mindsdb.*')).toBeInTheDocument();
    expect(screen.getByText(/"api_key": "\*\*\*\*\*\*"/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Model' })).getByLabelText('API key')).toHaveValue('');
  });

  it('asks before leaving with unsaved changes', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/projects/mindsdb/agents/support');
    await user.type(await screen.findByLabelText('Prompt template'), ' More.');
    await user.click(screen.getByRole('link', { name: 'Agents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/projects/mindsdb/agents/support');
    expect(screen.getByLabelText('Prompt template')).toHaveValue('Answer from the help articles. More.');

    await user.click(screen.getByRole('link', { name: 'Agents' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/mindsdb/agents'));
  });

  it('shows a server error about the data beside the picker it concerns', async () => {
    server(() => ({
      status: 400,
      json: {
        title: 'Bad Request',
        detail: "Knowledge base 'mindsdb.gone' does not exist",
        field: 'data.knowledge_bases',
      },
    }));
    const user = userEvent.setup();
    renderRoutes(routes, '/projects/mindsdb/agents/support');
    const kbs = await screen.findByRole('group', { name: 'Knowledge bases' });
    await user.click(within(kbs).getByRole('button', { name: 'Remove mindsdb.*' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(kbs).findByText("Knowledge base 'mindsdb.gone' does not exist")).toBeInTheDocument();
    expect(screen.queryByText(/Could not save/)).not.toBeInTheDocument();
  });

  it('sends a retyped key with the whole model and keeps it out of the page', async () => {
    const api = server();
    const user = userEvent.setup();
    renderRoutes(routes, '/projects/mindsdb/agents/support');
    const model = await screen.findByRole('group', { name: 'Model' });
    await user.type(within(model).getByLabelText('API key'), 'sk-agent');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved at/);
    expect(api.sent('PUT', AGENT)[0].body).toEqual({
      agent: { model: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: 'sk-agent' } },
    });
    expect(document.body).not.toHaveTextContent('sk-agent');
  });

  it('sends the version it edits as If-Match, and on a change made elsewhere offers to reload', async () => {
    // The fake server keeps versions as a real one does: a PUT whose If-Match is not current gets a 409.
    let current: Record<string, unknown> = { ...support };
    let version = 0;
    const api = fakeFetch((req) => {
      if (req.path === AGENT && req.method === 'GET') return { json: current };
      if (req.path === AGENT && req.method === 'PUT') {
        if (req.headers.get('if-match') !== agentEtag(current as { id: number; updated_at: string })) {
          return {
            status: 409,
            json: { title: 'Conflict', detail: "Agent 'support' was changed elsewhere", field: 'If-Match' },
          };
        }
        const input = (req.body as { agent: Record<string, unknown> }).agent;
        current = { ...current, ...input, updated_at: `2026-01-03 00:00:0${++version}.000000` };
        return { json: current };
      }
      if (req.path === '/api/projects/mindsdb/agents') return { json: [current] };
      return tree(req);
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/projects/mindsdb/agents/support');
    const prompt = await screen.findByLabelText('Prompt template');

    // Someone else saves a new prompt after this page loaded the agent.
    current = { ...current, prompt_template: 'Changed elsewhere.', updated_at: '2026-01-02 05:00:00.000000' };
    await user.clear(prompt);
    await user.type(prompt, 'Mine.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This agent was changed elsewhere. Reload to see the latest version.');
    expect(api.sent('PUT', AGENT)[0].headers.get('if-match')).toBe(agentEtag(support));
    expect(current.prompt_template).toBe('Changed elsewhere.');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Prompt template')).toHaveValue('Changed elsewhere.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Prompt template'), ' Mine.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(`Saved at ${formatMoment('2026-01-03 00:00:01')}.`, { exact: false });
    const puts = api.sent('PUT', AGENT);
    expect(puts).toHaveLength(2);
    expect(puts[1].headers.get('if-match')).toBe('"7-20260102050000000000"');
    expect(current.prompt_template).toBe('Changed elsewhere. Mine.');
  });
});
