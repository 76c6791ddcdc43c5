import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { AgentCreatePage } from './agent-create-page';
import { lacksKey } from './missing-key';

const AGENTS = '/api/projects/mindsdb/agents';

/** Our server's config (no default model), or MindsDB's with a `default_llm`. */
function server(config: Record<string, unknown>) {
  return fakeFetch((req) => {
    if (req.path === '/api/config') return { json: config };
    if (req.path === AGENTS && req.method === 'POST') {
      const input = (req.body as { agent: Record<string, unknown> }).agent;
      return { status: 201, json: { id: 1, ...input } };
    }
    if (req.path.startsWith('/api/tree/')) return { json: [] };
    return undefined;
  });
}

const routes = [
  { path: '/projects/:project/agents/-/new', element: <AgentCreatePage project="mindsdb" /> },
  { path: '/projects/:project/agents/:agent', element: <p>saved</p> },
];

async function fillOpenAiAgent() {
  const user = userEvent.setup();
  renderRoutes(routes, '/projects/mindsdb/agents/-/new');
  await user.type(screen.getByLabelText('Name'), 'helper');
  await user.selectOptions(screen.getByLabelText('Provider'), 'openai');
  return user;
}

describe('saving an OpenAI agent without a key', () => {
  it('warns first and saves only when asked to save without a key', async () => {
    const api = server({ auth: { http_auth_enabled: false } });
    const user = await fillOpenAiAgent();
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /No API key\..*chats with this agent will fail/,
    );
    expect(api.sent('POST', AGENTS)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save without a key' }));
    await waitFor(() => expect(api.sent('POST', AGENTS)).toHaveLength(1));
    expect(await screen.findByText('saved')).toBeInTheDocument();
  });

  it('saves at once with a key typed', async () => {
    const api = server({ auth: { http_auth_enabled: false } });
    const user = await fillOpenAiAgent();
    await user.type(screen.getByLabelText('API key'), 'sk-test');
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.sent('POST', AGENTS)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("saves at once when the server's default model brings an OpenAI key (MindsDB's default_llm)", async () => {
    const api = server({
      auth: { http_auth_enabled: false },
      default_llm: { provider: 'openai', model_name: 'gpt-4o', api_key: 'sk-***' },
    });
    const user = await fillOpenAiAgent();
    await waitFor(() => expect(api.sent('GET', '/api/config')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(api.sent('POST', AGENTS)).toHaveLength(1));
  });
});

describe('lacksKey', () => {
  const model = (patch: Partial<{ provider: string; api_key: string; base_url: string }>) => ({
    provider: 'openai',
    model_name: '',
    base_url: '',
    api_key: '',
    ...patch,
  });
  it('asks for a key only of the hosted OpenAI API with none anywhere', () => {
    expect(lacksKey(model({}), false, undefined)).toBe(true);
    expect(lacksKey(model({}), true, undefined)).toBe(false);
    expect(lacksKey(model({ base_url: 'http://vllm:8000/v1' }), false, undefined)).toBe(false);
    expect(lacksKey(model({ provider: 'local' }), false, undefined)).toBe(false);
    expect(lacksKey(model({}), false, { default_llm: { provider: 'ollama' } })).toBe(true);
  });
});
