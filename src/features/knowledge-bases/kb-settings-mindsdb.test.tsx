import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, sqlTable, type FakeHandler } from '../../testing/fake-fetch';
import { mindsdbRecordedFake, type MindsdbVersion } from '../../testing/mindsdb-recorded-fake';
import { renderKbPage } from '../../testing/render-kb-page';

const KB_PATH = '/api/projects/mindsdb/knowledge_bases/docs';

/** The recorded MindsDB routes, plus the SQL and list routes the page also reads. */
function serve(handler: FakeHandler) {
  return fakeFetch(async (req) => {
    const answer = await handler(req);
    if (answer) return answer;
    if (req.path === '/api/sql/query') return sqlTable(['id'], []);
    if (req.path === '/api/files') return { json: [] };
    return undefined;
  });
}

function mindsdb(version: MindsdbVersion) {
  const fake = mindsdbRecordedFake(version);
  fake.addKb('docs', {
    embedding_model: { provider: 'openai', model_name: 'text-embedding-3-small', api_key: 'sk-saved' },
    content_columns: ['content'],
    metadata_columns: ['author'],
    id_column: 'id',
  });
  return fake;
}

const renderKb = () => renderKbPage();

async function changeIdColumnAndSave(user: ReturnType<typeof userEvent.setup>) {
  const idColumn = await screen.findByLabelText('ID column');
  expect(idColumn).toHaveValue('id');
  await user.clear(idColumn);
  await user.type(idColumn, 'doc_id');
  await user.click(screen.getByRole('button', { name: 'Review and save…' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
}

describe.each(['25', '26'] as const)('KB settings against MindsDB %s (recorded behaviour)', (version) => {
  it('sends settings under params, where MindsDB reads them, and re-reads what it kept', async () => {
    const fake = mindsdb(version);
    const api = serve(fake.handler);
    const user = userEvent.setup();
    renderKb();
    // The header names the model wherever the server keeps it (v25: under params).
    expect(await screen.findByTitle('Embedding model')).toHaveTextContent('openai · text-embedding-3-small');
    await changeIdColumnAndSave(user);
    await screen.findByText(/^Saved at/);
    expect(api.sent('PUT', KB_PATH)[0].body).toEqual({ knowledge_base: { params: { id_column: 'doc_id' } } });
    expect(fake.state.kbs.get('docs')?.params.id_column).toBe('doc_id');
    expect(screen.getByLabelText('ID column')).toHaveValue('doc_id');
    expect(screen.queryByText(/did not keep/)).not.toBeInTheDocument();
  });

  it('keeps provider and model when only the key is rotated', async () => {
    const fake = mindsdb(version);
    serve(fake.handler);
    const user = userEvent.setup();
    renderKb();
    const group = await screen.findByRole('group', { name: 'Embedding model' });
    await user.type(within(group).getByLabelText('API key'), 'sk-rotated');
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved at/);
    expect(fake.state.kbs.get('docs')?.params.embedding_model).toEqual({
      provider: 'openai',
      model_name: 'text-embedding-3-small',
      api_key: 'sk-rotated',
    });
  });
});

describe('a server that ignores a setting', () => {
  it('says which settings it did not keep instead of showing the old values as saved', async () => {
    const fake = mindsdb('26');
    // As MindsDB reads only params, a server that reads only the top of the body drops them all.
    serve((req) => (req.method === 'PUT' && req.path === KB_PATH ? { text: '""' } : fake.handler(req)));
    const user = userEvent.setup();
    renderKb();
    await changeIdColumnAndSave(user);
    const alert = await screen.findByText(/did not keep this change to the settings/);
    const table = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('table');
    expect(within(table).getByRole('row', { name: /ID column/ })).toHaveTextContent('ID columndoc_idid');
    expect(screen.getByLabelText('ID column')).toHaveValue('doc_id');
    expect(screen.queryByText(/^Saved at/)).not.toBeInTheDocument();
  });
});
