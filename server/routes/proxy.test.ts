import { expect, it } from 'vitest';
import { startTestApp } from '../test/harness';

it('forwards /api to another instance when started with an API URL', async () => {
  const upstream = await startTestApp();
  const address = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  await upstream.sql('CREATE PROJECT remote_only');
  const front = await startTestApp({ apiUrl: address });
  try {
    const projects = (await front.inject({ url: '/api/projects' })).json();
    expect(projects.map((p: { name: string }) => p.name)).toContain('remote_only');
    const result = (
      await front.inject({ method: 'POST', url: '/api/sql/query', payload: { query: 'SHOW PROJECTS' } })
    ).json();
    expect(result.data).toContainEqual(['remote_only']);
    // The front's own catalog was not touched.
    expect((await front.deps.projects.list()).map((p) => p.name)).toEqual(['mindsdb']);
  } finally {
    await front.close();
    await upstream.close();
  }
});
