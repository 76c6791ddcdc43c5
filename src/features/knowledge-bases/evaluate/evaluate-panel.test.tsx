import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../testing/fake-fetch';
import { renderRoutes } from '../../../testing/render-routes';
import { EvaluatePanel } from './evaluate-panel';

const KB = '/api/projects/mindsdb/knowledge_bases/docs';
const KEY = 'sk-typed-for-this-run-only';

function server() {
  return fakeFetch((req) => {
    if (req.path === '/api/files') return { json: [{ name: 'qa', columns: ['question', 'doc_id'] }] };
    if (req.path === KB) return { json: { name: 'docs', reranking_model: null } };
    if (req.path === `${KB}/search_defaults`) return { json: { mode: 'semantic', rerank: false, limit: 10 } };
    if (req.path === `${KB}/evaluations` && req.method === 'GET') return { json: [] };
    if (req.path === `${KB}/evaluations` && req.method === 'POST') {
      return { status: 202, json: { ids: ['e1'], questions: 5 } };
    }
    return undefined;
  });
}

/** The panel against the fake server, once its question table is chosen. */
async function openPanel() {
  const fake = server();
  renderRoutes([{ path: '/', element: <EvaluatePanel project="mindsdb" kb="docs" /> }], '/');
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Evaluate docs' });
  await waitFor(() => expect(within(form).getByLabelText(/Question table/)).toHaveValue('qa'));
  return { fake, user, form };
}

describe('EvaluatePanel: a language model for one run', () => {
  it('sends no llm until asked; then sends the model and the typed key with this run only', async () => {
    const { fake, user, form } = await openPanel();
    const fields = within(form).getByRole('group', { name: 'Language model' });
    expect(within(fields).queryByLabelText('Provider')).toBeNull();

    await user.click(within(fields).getByRole('checkbox', { name: /Use a language model/ }));
    await user.selectOptions(within(fields).getByLabelText('Provider'), 'openai');
    await user.type(within(fields).getByLabelText('Model name'), 'gpt-4o-mini');
    await user.type(within(fields).getByLabelText('API key'), KEY);
    expect(within(fields).getByLabelText('API key')).toHaveAccessibleDescription(
      'Sent with this request only, never saved.',
    );
    await user.selectOptions(within(form).getByLabelText('Judged by'), 'llm_relevancy');
    expect(within(form).getByRole('option', { name: /Language model's relevance/ })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Run evaluation' }));

    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      test_table: 'files.qa',
      version: 'llm_relevancy',
      llm: { provider: 'openai', model_name: 'gpt-4o-mini', api_key: KEY },
    });
    // The key is in a password field and nowhere else on the page.
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('leaves the llm out when the box is unticked again', async () => {
    const { fake, user, form } = await openPanel();
    const box = within(form).getByRole('checkbox', { name: /Use a language model/ });
    await user.click(box);
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: 'Run evaluation' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.find((r) => r.method === 'POST')?.body).not.toHaveProperty('llm');
  });
});

describe('EvaluatePanel: the settings to compare', () => {
  it("start from the knowledge base's defaults, and none is offered before they arrive", async () => {
    fakeFetch((req) => {
      if (req.path === '/api/files') return { json: [{ name: 'qa', columns: ['question', 'doc_id'] }] };
      if (req.path === KB) return { json: { name: 'docs', reranking_model: null } };
      if (req.path === `${KB}/search_defaults`) {
        return { json: { mode: 'hybrid', alpha: 0.7, rerank: false, limit: 3 } };
      }
      if (req.path === `${KB}/evaluations`) return { json: [] };
      return undefined;
    });
    renderRoutes([{ path: '/', element: <EvaluatePanel project="mindsdb" kb="docs" /> }], '/');
    expect(screen.getByText("Loading the knowledge base's search settings…")).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Setting 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare another setting' })).toBeDisabled();

    const first = await screen.findByRole('group', { name: 'Setting 1' });
    expect(within(first).getByLabelText('Search')).toHaveValue('hybrid');
    expect(within(first).getByLabelText('Results (LIMIT)')).toHaveValue('3');
    expect(screen.queryByText("Loading the knowledge base's search settings…")).toBeNull();
  });
});
