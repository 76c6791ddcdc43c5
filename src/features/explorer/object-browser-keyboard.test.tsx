import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { ObjectBrowser } from './object-browser';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server with one PostgreSQL source, `shop`, holding `orders (id, total)`. */
function sourceServer() {
  return fakeFetch((req) => {
    if (req.path === '/api/tree/')
      return { json: [{ name: 'shop', class: 'db', type: 'data', engine: 'postgres' }] };
    if (req.path === '/api/tree/shop') return { json: [{ name: 'orders', class: 'table', type: 'table' }] };
    if (req.path === '/api/sql/query')
      return { json: { type: 'table', column_names: ['id', 'total'], data: [] } };
    if (req.path === '/api/name-conflicts') return { json: [] };
    return undefined;
  });
}

const focused = () => document.activeElement as HTMLElement;

it("opens a source table's columns and walks them with the arrow keys, like every other node", async () => {
  const api = sourceServer();
  const view = renderRoutes(
    [
      { path: '/', element: <ObjectBrowser project="mindsdb" /> },
      { path: '*', element: <p>preview opened</p> },
    ],
    '/',
  );
  const user = userEvent.setup();
  const shop = await screen.findByRole('treeitem', { name: /shop/ });
  shop.focus();
  await user.keyboard('{ArrowRight}');
  const orders = await screen.findByRole('treeitem', { name: 'orders' });
  await user.keyboard('{ArrowDown}');
  expect(focused()).toBe(orders);
  expect(orders).toHaveAttribute('aria-expanded', 'false');

  // Right opens the columns (the link itself stays where it is: the preview is not opened).
  await user.keyboard('{ArrowRight}');
  expect(orders).toHaveAttribute('aria-expanded', 'true');
  const id = await screen.findByRole('treeitem', { name: 'id' });
  expect(view.router.state.location.pathname).toBe('/');
  expect(api.sent('POST', '/api/sql/query')[0].body).toMatchObject({
    query: 'SELECT * FROM shop.orders LIMIT 0',
  });

  // Right again enters the group; Down and Up walk the columns; Left goes back to the table.
  await user.keyboard('{ArrowRight}');
  expect(focused()).toBe(id);
  await user.keyboard('{ArrowDown}');
  expect(focused()).toBe(screen.getByRole('treeitem', { name: 'total' }));
  await user.keyboard('{ArrowUp}{ArrowUp}');
  expect(focused()).toBe(orders);
  await user.keyboard('{ArrowDown}{ArrowLeft}');
  expect(focused()).toBe(orders);

  // Left on the open table closes its columns; Left again goes to the source.
  await user.keyboard('{ArrowLeft}');
  await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'id' })).toBeNull());
  expect(orders).toHaveAttribute('aria-expanded', 'false');
  await user.keyboard('{ArrowLeft}');
  expect(focused()).toBe(shop);
  // One Tab stop for the whole tree: the row used last.
  expect(screen.getAllByRole('treeitem').filter((row) => row.tabIndex === 0)).toEqual([shop]);
});
