import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../testing/fake-fetch';
import { mindsdbRecordedFake } from '../testing/mindsdb-recorded-fake';
import { renderRoutes } from '../testing/render-routes';
import { UploadForm } from './upload-form';

const csv = (name: string) => new File(['id,item\n1,pen\n'], name, { type: 'text/csv' });

describe('uploading under a name that is taken (MindsDB, recorded behaviour)', () => {
  it('asks "Replace table X?" first; cancel sends nothing, Replace deletes and uploads again', async () => {
    const fake = mindsdbRecordedFake('26');
    fake.addFile('orders');
    const api = fakeFetch(fake.handler);
    const uploaded: string[] = [];
    renderRoutes([{ path: '/', element: <UploadForm onUploaded={(n) => uploaded.push(n)} /> }], '/');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('File'), csv('orders.csv'));
    // Wait for the list of tables the question is based on.
    await vi.waitFor(() => expect(api.sent('GET', '/api/files')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace table files.orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace table files.orders?' })).getByRole('button', {
        name: 'Replace',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('files.orders is ready.');
    expect(
      api.requests
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.path}${r.search.size ? `?${r.search}` : ''}`),
    ).toEqual(['PUT /api/files/orders?replace=true', 'DELETE /api/files/orders', 'PUT /api/files/orders']);
    expect(uploaded).toEqual(['orders']);
  });

  it('asks too when the list was out of date and the server says the name is taken', async () => {
    const fake = mindsdbRecordedFake('25');
    const api = fakeFetch(fake.handler);
    renderRoutes([{ path: '/', element: <UploadForm /> }], '/');
    const user = userEvent.setup();
    await vi.waitFor(() => expect(api.sent('GET', '/api/files')).toHaveLength(1));
    fake.addFile('orders'); // uploaded elsewhere after the list was read
    await user.upload(screen.getByLabelText('File'), csv('orders.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Replace table files.orders?' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
