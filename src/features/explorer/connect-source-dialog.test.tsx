import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { ConnectSourceDialog } from './connect-source-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('tests the connection without saving, shows the cause of a failure, then connects', async () => {
  let works = false;
  const api = fakeFetch((req) => {
    if (req.path === '/api/databases/check_connection') {
      return {
        json: works
          ? { success: true, error_message: null }
          : { success: false, error_message: "Wrong user name or password for user 'app'" },
      };
    }
    if (req.path === '/api/databases/' && req.method === 'POST')
      return { status: 201, json: { name: 'shop' } };
    return undefined;
  });
  renderRoutes([{ path: '/', element: <ConnectSourceDialog onClose={() => undefined} /> }], '/');
  await userEvent.type(await screen.findByLabelText('Name'), 'shop');
  await userEvent.type(screen.getByLabelText('Database'), 'shop');
  await userEvent.type(screen.getByLabelText('User'), 'app');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong');
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user name or password');
  expect(api.sent('POST', '/api/databases/')).toHaveLength(0);

  works = true;
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'right');
  await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('The connection works.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
  expect(await screen.findByText(/shop is connected/)).toBeInTheDocument();
  expect(api.sent('POST', '/api/databases/')[0].body).toEqual({
    database: {
      name: 'shop',
      engine: 'postgres',
      parameters: { host: '127.0.0.1', port: 5432, database: 'shop', user: 'app', password: 'right' },
    },
  });
});
