import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { mindsdbRecordedFake, type MindsdbVersion } from '../../testing/mindsdb-recorded-fake';
import { fakeTree } from '../../testing/fake-tree';
import { renderRoutes } from '../../testing/render-routes';
import { AgentPage } from './agent-page';

const AGENT = '/api/projects/mindsdb/agents/support';

const tree = fakeTree({
  mindsdb: { type: 'project', objects: { docs: 'knowledge_base' } },
  files: { type: 'data', objects: { orders: 'table', refunds: 'table' } },
});

function mindsdb(version: MindsdbVersion) {
  const fake = mindsdbRecordedFake(version);
  fake.addAgent('support', {
    model: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: 'sk-saved-in-clear' },
    data: { knowledge_bases: ['mindsdb.docs'], tables: ['files.orders'] },
    prompt_template: 'Answer from the help articles.',
  });
  const api = fakeFetch(async (req) => (await fake.handler(req)) ?? tree(req));
  return { fake, api };
}

const renderAgent = () =>
  renderRoutes(
    [
      {
        path: '/projects/:project/agents/:agent',
        element: <AgentPage project="mindsdb" name="support" aside={<p>chat</p>} />,
      },
    ],
    '/projects/mindsdb/agents/support',
  );

const save = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await screen.findByText(/^Saved at/);
};

describe.each(['25', '26'] as const)('agent edits against MindsDB %s (recorded behaviour)', (version) => {
  it('rotating the key keeps provider and model; the saved key never reaches the page', async () => {
    const { fake, api } = mindsdb(version);
    const user = userEvent.setup();
    renderAgent();
    const model = await screen.findByRole('group', { name: 'Model' });
    await user.type(within(model).getByLabelText('API key'), 'sk-rotated');
    await save(user);
    expect(fake.state.agents.get('support')?.params.model).toEqual({
      provider: 'openai',
      model_name: 'gpt-4o-mini',
      api_key: 'sk-rotated',
    });
    expect(api.sent('PUT', AGENT)).toHaveLength(1);
    expect(document.body).not.toHaveTextContent('sk-rotated');
    expect(document.body).not.toHaveTextContent('sk-saved-in-clear');
  });

  it('removing one table keeps the knowledge bases', async () => {
    const { fake } = mindsdb(version);
    const user = userEvent.setup();
    renderAgent();
    const tables = await screen.findByRole('group', { name: 'Tables' });
    await user.click(within(tables).getByRole('button', { name: 'Remove files.orders' }));
    await save(user);
    expect(fake.state.agents.get('support')?.params.data).toEqual({
      knowledge_bases: ['mindsdb.docs'],
      tables: [],
    });
    // The model was not touched, so it was not sent: the saved key stays as it was.
    expect(fake.state.agents.get('support')?.params.model).toMatchObject({ api_key: 'sk-saved-in-clear' });
  });

  it('a cleared prompt is cleared', async () => {
    const { fake } = mindsdb(version);
    const user = userEvent.setup();
    renderAgent();
    await user.clear(await screen.findByLabelText('Prompt template'));
    await save(user);
    expect(fake.state.agents.get('support')?.params).not.toHaveProperty('prompt_template');
    expect(screen.getByLabelText('Prompt template')).toHaveValue('');
    expect(screen.queryByText(/did not keep/)).not.toBeInTheDocument();
  });
});
