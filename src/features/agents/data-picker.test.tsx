import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { DataPicker } from './data-picker';

function serveShop(schemaParameter?: string) {
  fakeFetch((req) => {
    if (req.path === '/api/tree/')
      return { json: [{ name: 'shop', class: 'db', type: 'data', engine: 'postgres' }] };
    if (req.path === '/api/databases/shop') {
      const connection_data = {
        host: 'db',
        user: 'app',
        password: '******',
        ...(schemaParameter ? { schema: schemaParameter } : {}),
      };
      return {
        json: {
          id: 1,
          name: 'shop',
          type: 'data',
          engine: 'postgres',
          class_type: 'integration',
          connection_data,
          date_last_update: null,
        },
      };
    }
    if (req.path === '/api/tree/shop')
      return {
        json: [
          {
            name: 'public',
            class: 'schema',
            type: 'schema',
            children: [{ name: 'orders', class: 'table', type: 'table', schema: 'public' }],
          },
          {
            name: 'sales',
            class: 'schema',
            type: 'schema',
            children: [{ name: 'leads', class: 'table', type: 'table', schema: 'sales' }],
          },
        ],
      };
    return undefined;
  });
}

const renderPicker = (onChange: (next: string[]) => void) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <DataPicker kind="table" legend="Tables" hint="h" value={[]} onChange={onChange} defaultDb="shop" />
        ),
      },
    ],
    '/',
  );

it("offers the tables of the schemas an agent's db.table finds: the source's schema parameter and public", async () => {
  serveShop('sales');
  const onChange = vi.fn();
  renderPicker(onChange);
  const group = screen.getByRole('group', { name: 'Tables' });
  await waitFor(() => expect(within(group).getByRole('option', { name: 'leads' })).toBeInTheDocument());
  await userEvent.selectOptions(within(group).getByLabelText('Table'), 'orders');
  await userEvent.click(within(group).getByRole('button', { name: 'Add shop.orders' }));
  expect(onChange).toHaveBeenCalledWith(['shop.orders']);
});

it('leaves out the tables of a schema the server would not find by name', async () => {
  serveShop();
  renderPicker(vi.fn());
  const group = screen.getByRole('group', { name: 'Tables' });
  await waitFor(() => expect(within(group).getByRole('option', { name: 'orders' })).toBeInTheDocument());
  await waitFor(() => expect(within(group).queryByRole('option', { name: 'leads' })).not.toBeInTheDocument());
});
