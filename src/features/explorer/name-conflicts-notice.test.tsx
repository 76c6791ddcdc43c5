import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { NameConflictsNotice } from './name-conflicts-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () => renderRoutes([{ path: '/', element: <NameConflictsNotice /> }], '/');

describe('NameConflictsNotice', () => {
  it('names the twins to rename, with their kind and project', async () => {
    fakeFetch((req) =>
      req.path === '/api/name-conflicts'
        ? {
            json: [
              { kind: 'knowledge_base', project: 'mindsdb', names: ['reviews_kb', 'Reviews_KB'] },
              { kind: 'project', project: null, names: ['shop', 'Shop'] },
            ],
          }
        : undefined,
    );
    show();
    expect(await screen.findByText('Knowledge bases in mindsdb: reviews_kb, Reviews_KB')).toBeTruthy();
    expect(screen.getByText('Projects: shop, Shop')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/Rename all but the first/);
  });

  it('says nothing when there are none, or on a server without the route', async () => {
    for (const answer of [{ json: [] }, undefined]) {
      const net = fakeFetch(() => answer);
      const view = show();
      await waitFor(() => expect(net.requests.length).toBe(1));
      expect(view.container.textContent).toBe('');
      cleanup();
    }
  });
});
