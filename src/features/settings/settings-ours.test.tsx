import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch, type FakeRequest } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { SettingsPage } from './settings-page';

const renderPage = () =>
  renderRoutes(
    [{ path: '/projects/:project/settings', element: <SettingsPage /> }],
    '/projects/mindsdb/settings',
  );

afterEach(() => localStorage.clear());

type Model = Record<string, string>;

/**
 * Our server's `/api/config` as its route tests pin it: every key masked, an unset reranking model `null`,
 * the `instance` block, and a bad model refused with a problem naming its field.
 */
function ourServer() {
  const state: Record<string, Model | null> = {
    default_llm: {
      provider: 'openai',
      model_name: 'flag-chat',
      base_url: 'http://127.0.0.1:9/v1',
      api_key: '******',
    },
    default_embedding_model: { provider: 'openai' },
    default_reranking_model: null,
  };
  const handler = (req: FakeRequest) => {
    if (req.path !== '/api/config') return undefined;
    if (req.method === 'GET') {
      return {
        json: {
          auth: { http_auth_enabled: false, username: null },
          ...state,
          knowledge_bases: { storage: null, default_storage: 'lancedb' },
          instance: { reachable_from_other_machines: false, default_models_set_at_start: false },
        },
      };
    }
    const body = req.body as Record<string, Model>;
    for (const [role, model] of Object.entries(body)) {
      if (model.base_url?.startsWith('ftp:')) {
        return {
          status: 400,
          json: {
            title: 'Bad Request',
            detail: `${role}.base_url: only http and https URLs can be called`,
            field: `${role}.base_url`,
          },
        };
      }
    }
    for (const [role, model] of Object.entries(body)) {
      state[role] = { ...model, ...(model.api_key ? { api_key: '******' } : {}) };
    }
    return { text: '""' };
  };
  return { handler, state };
}

describe('instance settings against our server', () => {
  it('offers the default models form, says what it wins over, and saves a change with the key kept masked', async () => {
    const server = ourServer();
    const api = fakeFetch(server.handler);
    const user = userEvent.setup();
    const view = renderPage();
    const chat = await screen.findByRole('group', { name: 'Default chat model' });
    expect(screen.queryByText(/sets its default model when it starts/)).toBeNull();
    expect(screen.getByRole('form', { name: 'Default models' })).toHaveTextContent(
      'wins over the models this server was started with',
    );
    expect(within(chat).getByText(/Now: openai · flag-chat/)).toBeInTheDocument();
    expect(within(chat).getByLabelText('API key')).toHaveValue('');
    expect(screen.getByRole('group', { name: 'Default reranking model' })).toHaveTextContent('Now: not set');

    const name = within(chat).getByLabelText('Model name');
    await user.clear(name);
    await user.type(name, 'put-chat');
    await user.click(screen.getAllByRole('button', { name: 'Review and save…' })[1]);
    const dialog = screen.getByRole('dialog', { name: 'Save the default models?' });
    expect(within(dialog).getByRole('row', { name: /Default chat model/ })).toHaveTextContent(
      'openai · put-chat',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved\. The form shows/);
    // The mask goes back as shown: our server reads it as "keep the saved key".
    expect(api.sent('PUT', '/api/config')[0].body).toEqual({
      default_llm: {
        provider: 'openai',
        model_name: 'put-chat',
        base_url: 'http://127.0.0.1:9/v1',
        api_key: '******',
      },
    });
    expect(within(chat).getByText(/Now: openai · put-chat/)).toBeInTheDocument();
    expect(view.container.innerHTML).not.toContain('sk-');
  });

  it('shows a refused base URL beside its field, and keeps a typed key out of the stored draft', async () => {
    fakeFetch(ourServer().handler);
    const user = userEvent.setup();
    renderPage();
    const chat = await screen.findByRole('group', { name: 'Default chat model' });
    const url = within(chat).getByLabelText('Base URL');
    await user.clear(url);
    await user.type(url, 'ftp://models.example');
    await user.type(within(chat).getByLabelText('API key'), 'sk-typed-here');
    expect(localStorage.getItem('ks-draft:settings:default-models') ?? '').not.toContain('sk-typed-here');
    await user.click(screen.getAllByRole('button', { name: 'Review and save…' })[1]);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Save the default models?' })).getByRole('button', {
        name: 'Save changes',
      }),
    );
    expect(
      await screen.findByText('Not saved: see the problem marked beside its field.'),
    ).toBeInTheDocument();
    expect(within(chat).getByLabelText('Base URL')).toHaveAccessibleDescription(
      /only http and https URLs can be called/,
    );
  });
});
