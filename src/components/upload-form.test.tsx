import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { fakeFetch } from '../testing/fake-fetch';
import { renderRoutes } from '../testing/render-routes';
import { UploadForm } from './upload-form';

const file = (name: string, content: BlobPart) => new File([content], name, { type: 'text/csv' });

it('clears the error about a refused file once another file is picked, and names no HTTP status', async () => {
  const uploaded: string[] = [];
  const api = fakeFetch((req) => {
    if (req.method !== 'PUT') return undefined;
    const sent = (req.body as FormData).get('file') as File;
    if (sent.name === 'blob.csv')
      return { status: 400, json: { title: 'Bad Request', detail: 'The file is binary and not Parquet' } };
    return { status: 200, json: { name: 'orders' } };
  });
  renderRoutes([{ path: '/', element: <UploadForm onUploaded={(n) => uploaded.push(n)} /> }], '/');
  const user = userEvent.setup();

  await user.upload(screen.getByLabelText('File'), file('blob.csv', new Uint8Array([0, 1, 2, 255])));
  expect(screen.getByLabelText('Table name')).toHaveValue('blob');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The file is binary and not Parquet');
  expect(alert).not.toHaveTextContent(/Bad Request/);

  // A valid file: the stale message goes at once, and the proposed name follows the new file.
  await user.upload(screen.getByLabelText('File'), file('Orders 2024.csv', 'id,item\n1,pen\n'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Table name')).toHaveValue('orders_2024');

  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByRole('status')).toHaveTextContent('files.orders_2024 is ready.');
  expect(uploaded).toEqual(['orders_2024']);
  expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
    '/api/files/blob',
    '/api/files/orders_2024',
  ]);
});

it('keeps a name the user typed when another file is picked', async () => {
  fakeFetch(() => undefined);
  renderRoutes([{ path: '/', element: <UploadForm /> }], '/');
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('File'), file('a.csv', 'x\n1\n'));
  await user.clear(screen.getByLabelText('Table name'));
  await user.type(screen.getByLabelText('Table name'), 'mine');
  await user.upload(screen.getByLabelText('File'), file('b.csv', 'x\n1\n'));
  expect(screen.getByLabelText('Table name')).toHaveValue('mine');
});
