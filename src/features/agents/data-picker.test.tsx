import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { DataPicker } from './data-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("offers the tables of a connected database's schemas", async () => {
  fakeFetch((req) => {
    if (req.path === '/api/tree/')
      return { json: [{ name: 'shop', class: 'db', type: 'data', engine: 'postgres' }] };
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
  const onChange = vi.fn();
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
  const group = screen.getByRole('group', { name: 'Tables' });
  await waitFor(() => expect(within(group).getByRole('option', { name: 'leads' })).toBeInTheDocument());
  await userEvent.selectOptions(within(group).getByLabelText('Table'), 'orders');
  await userEvent.click(within(group).getByRole('button', { name: 'Add shop.orders' }));
  expect(onChange).toHaveBeenCalledWith(['shop.orders']);
});
