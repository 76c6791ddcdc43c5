import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { mindsdbRecordedInstance } from '../../testing/mindsdb-recorded-instance';
import { renderRoutes } from '../../testing/render-routes';
import { DataSourcePage } from './data-source-page';

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/projects/:project/data-sources/:source',
        element: <DataSourcePage project="mindsdb" name="shop" />,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/projects/mindsdb/data-sources/shop',
  );

afterEach(() => localStorage.clear());

describe('a data source page against MindsDB (recorded behaviour)', () => {
  it('never shows the password MindsDB sends in clear, and never sends it back', async () => {
    const fake = mindsdbRecordedInstance({ connects: (p) => p.port === 5432 || p.port === 6432 });
    const api = fakeFetch(fake.handler);
    const user = userEvent.setup();
    const view = renderPage();
    const host = await screen.findByLabelText('Host');
    expect(host).toHaveValue('db.internal');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(view.container.innerHTML).not.toContain('pg-secret-in-clear');

    const port = screen.getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '6432');
    expect(localStorage.getItem('ks-draft:data-source:shop')).toContain('6432');
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Saved\./);
    // Only the port, as a number, and the check MindsDB needs to try it before saving.
    expect(api.sent('PUT', '/api/databases/shop')[0].body).toEqual({
      database: { parameters: { port: 6432 } },
      check_connection: true,
    });
    expect(fake.state.source.params.password).toBe('pg-secret-in-clear');
    expect(localStorage.getItem('ks-draft:data-source:shop')).toBeNull();
    expect(view.container.innerHTML).not.toContain('pg-secret-in-clear');
  });

  it('tests the saved source with check_connection, and says an edit is tried by Save where it cannot be tried before', async () => {
    const fake = mindsdbRecordedInstance({ connects: (p) => p.port === 5432 });
    const api = fakeFetch(fake.handler);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The connection works.');
    expect(api.requests.some((r) => r.search.get('check_connection') === 'true')).toBe(true);

    const port = screen.getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '1');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/cannot try changes before they are saved/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review and save…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/^Not saved: could not connect/)).toBeInTheDocument();
    expect(fake.state.source.params.port).toBe(5432);
    // MindsDB lists tables without a schema: they are shown under "Tables".
    expect(await screen.findByRole('link', { name: 'orders' })).toHaveAttribute(
      'href',
      '/projects/mindsdb/worksheet?preview=shop&preview=orders',
    );
  });
});

describe('dropping a source against MindsDB-shaped lists', () => {
  it('lists what names it across projects, says what it could not read, and drops once the name is typed', async () => {
    const fake = mindsdbRecordedInstance({ connects: () => true });
    const lists: Record<string, unknown> = {
      '/api/projects': [
        { name: 'mindsdb', id: 1 },
        { name: 'sales', id: 2 },
      ],
      '/api/projects/mindsdb/agents': [{ id: 1, name: 'shopper', data: { tables: ['shop.orders'] } }],
      '/api/projects/mindsdb/views': [
        { id: 1, name: 'big_orders', query: 'SELECT * FROM shop.orders WHERE n > 9' },
      ],
      // MindsDB's job: `query` and `if_query`, times as its JSON encoder writes them.
      '/api/projects/mindsdb/jobs': [
        {
          id: 1,
          name: 'nightly',
          project: 'mindsdb',
          start_at: 'Fri, 02 Jan 2026 03:04:05 GMT',
          end_at: null,
          next_run_at: null,
          schedule_str: 'every 1 day',
          query: 'INSERT INTO mindsdb.orders_kb SELECT * FROM shop.orders',
          if_query: '',
          variables: {},
        },
      ],
      '/api/projects/mindsdb/knowledge_bases': [{ id: 1, name: 'orders_kb' }],
      '/api/projects/sales/agents': [],
      '/api/projects/sales/jobs': [],
      '/api/projects/sales/knowledge_bases': [],
    };
    let dropped = false;
    const api = fakeFetch((req) => {
      if (req.method === 'GET' && req.path in lists) return { json: lists[req.path] };
      if (req.path === '/api/projects/sales/views') return { status: 500, json: { title: 'Internal error' } };
      if (req.method === 'DELETE' && req.path === '/api/databases/shop') {
        dropped = true;
        return { status: 204 };
      }
      return fake.handler(req);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Drop…' }));
    const dialog = screen.getByRole('dialog', { name: 'Drop data source shop?' });
    const names = await within(dialog).findByRole('note', { name: 'What names shop' });
    expect(within(names).getByRole('link', { name: 'mindsdb.shopper' })).toBeInTheDocument();
    expect(names).toHaveTextContent('mindsdb.big_orders');
    expect(names).toHaveTextContent('mindsdb.nightly');
    expect(within(names).getByRole('link', { name: 'mindsdb.orders_kb' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Could not read the views of sales .*the list may be incomplete/);
    // MindsDB's KB list has no loaded_from: a load by hand cannot be told, and the dialog says so.
    expect(dialog).toHaveTextContent(/does not record which source a knowledge base was loaded from by hand/);
    await user.type(within(dialog).getByLabelText(/to confirm/), 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Drop data source' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(dropped).toBe(true);
    expect(api.sent('DELETE', '/api/databases/shop')).toHaveLength(1);
  });
});
