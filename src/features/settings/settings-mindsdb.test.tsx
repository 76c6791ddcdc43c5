import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { mindsdbRecordedInstance } from '../../testing/mindsdb-recorded-instance';
import { renderRoutes } from '../../testing/render-routes';
import { SettingsPage } from './settings-page';

const renderPage = () =>
  renderRoutes(
    [{ path: '/projects/:project/settings', element: <SettingsPage /> }],
    '/projects/mindsdb/settings',
  );

afterEach(() => localStorage.clear());

describe('instance settings against MindsDB (recorded behaviour)', () => {
  it('edits the default chat model without ever showing its key, sending it whole with the key kept', async () => {
    const fake = mindsdbRecordedInstance({ connects: () => true });
    const api = fakeFetch(fake.handler);
    const user = userEvent.setup();
    const view = renderPage();
    const chat = await screen.findByRole('group', { name: 'Default chat model' });
    expect(within(chat).getByText(/Now: openai · gpt-4o/)).toBeInTheDocument();
    expect(within(chat).getByLabelText('API key')).toHaveValue('');
    expect(view.container.innerHTML).not.toContain('sk-llm-in-clear');
    expect(screen.getByRole('group', { name: 'Default embedding model' })).toHaveTextContent('Now: not set');

    const name = within(chat).getByLabelText('Model name');
    await user.clear(name);
    await user.type(name, 'gpt-4.1');
    await user.click(screen.getAllByRole('button', { name: 'Review and save…' })[1]);
    const dialog = screen.getByRole('dialog', { name: 'Save the default models?' });
    expect(within(dialog).getByRole('row', { name: /Default chat model/ })).toHaveTextContent(
      'openai · gpt-4.1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved\. The form shows/);
    // MindsDB replaces a default model whole: provider and key go with the new name, and nothing else is sent.
    expect(api.sent('PUT', '/api/config')[0].body).toEqual({
      default_llm: { provider: 'openai', model_name: 'gpt-4.1', api_key: 'sk-llm-in-clear' },
    });
    expect(fake.state.config.default_embedding_model).toBeUndefined();
    expect(view.container.innerHTML).not.toContain('sk-llm-in-clear');
    expect(localStorage.getItem('ks-draft:settings:default-models')).toBeNull();
  });

  it('a typed key is never kept in the browser; the rest of the draft is', async () => {
    fakeFetch(mindsdbRecordedInstance({ connects: () => true }).handler);
    const user = userEvent.setup();
    renderPage();
    const chat = await screen.findByRole('group', { name: 'Default chat model' });
    await user.type(within(chat).getByLabelText('API key'), 'sk-typed-new');
    await user.type(within(chat).getByLabelText('Model name'), '-mini');
    const stored = localStorage.getItem('ks-draft:settings:default-models') ?? '';
    expect(stored).toContain('gpt-4o-mini');
    expect(stored).not.toContain('sk-typed-new');
  });

  it('warns that it cannot tell who can reach the instance before turning login off', async () => {
    const fake = mindsdbRecordedInstance({ connects: () => true });
    (fake.state.config.auth as { http_auth_enabled: boolean }).http_auth_enabled = true;
    const api = fakeFetch(fake.handler);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByLabelText('Off: no login'));
    await user.click(screen.getAllByRole('button', { name: 'Review and save…' })[0]);
    const dialog = screen.getByRole('dialog', { name: 'Turn login off?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The console cannot tell whether other machines can reach this instance',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Turn login off' }));
    await screen.findByText('Saved: login is off.');
    expect(api.sent('PUT', '/api/config')[0].body).toEqual({ auth: { http_auth_enabled: false } });
  });
});
