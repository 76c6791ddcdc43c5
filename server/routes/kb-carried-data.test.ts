import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { expectProblem } from '../test/problem';
import { useTestApp } from '../test/use-test-app';

/** A small web site on this machine: a page, a script-laden HTML page, a 404 and a binary file. */
function startSite() {
  const server = http.createServer((req, res) => {
    if (req.url === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Parcels ship from the Leeds warehouse.');
    } else if (req.url === '/page.html') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<html><head><style>p{color:red}</style><script>steal()</script></head>' +
            '<body><h1>Returns</h1><p>Refunds take five days &amp; need a receipt.</p></body></html>',
        );
    } else if (req.url === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else {
      res.writeHead(404).end('missing');
    }
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const kbUrl = (name = '') => `/api/projects/mindsdb/knowledge_bases${name ? `/${name}` : ''}`;
const createKb = (t: TestApp, knowledge_base: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: kbUrl(), payload: { knowledge_base } });
const putKb = (t: TestApp, kb: string, knowledge_base: Record<string, unknown>) =>
  t.inject({ method: 'PUT', url: kbUrl(kb), payload: { knowledge_base } });

async function rowsOf(t: TestApp, kb: string): Promise<[string, string][]> {
  const r = await t.sql(`SELECT id, chunk_content FROM mindsdb.${kb}`);
  expect(r.type, JSON.stringify(r)).toBe('table');
  return (r.data as [unknown, string][])
    .map(([id, text]): [string, string] => [String(id), text])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

describe('a knowledge base body carrying query and files (MindsDB 26)', () => {
  const t = useTestApp({}, async (app) => {
    await app.putFile(
      'faq',
      'faq.csv',
      'id,content\n1,Refunds take five days.\n2,Parcels ship from Leeds.\n',
    );
    const created = await createKb(app, { name: 'carry' });
    expect(created.statusCode).toBe(201);
  });

  it('inserts the rows of a SELECT given as query, in the project of the route', async () => {
    const res = await putKb(t, 'carry', { query: 'SELECT id, content FROM files.faq WHERE id = 1' });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(t, 'carry')).map((r) => r[0])).toEqual(['1']);
  });

  it('inserts every row of each uploaded file named in files, also at create', async () => {
    const res = await createKb(t, { name: 'from_files', files: ['faq'] });
    expect(res.statusCode).toBe(201);
    expect((await rowsOf(t, 'from_files')).map((r) => r[0])).toEqual(['1', '2']);
  });

  it('refuses a query that is not one SELECT, and a file that is not there, naming the field', async () => {
    const notSelect = await putKb(t, 'carry', { query: 'DROP TABLE files.faq' });
    expectProblem(notSelect, 400, { title: 'Invalid SELECT query', field: 'query' });
    const broken = await putKb(t, 'carry', { query: 'SELEC id FROM files.faq' });
    expectProblem(broken, 400, { field: 'query' });
    const missing = await putKb(t, 'carry', { files: ['faq', 'no_such_file'] });
    expectProblem(missing, 400, {
      title: 'Preprocessing Error',
      field: 'files.1',
      detail: expect.stringMatching(/no_such_file/),
    });
    const odd = await putKb(t, 'carry', { files: ['faq; DROP'] });
    expectProblem(odd, 400, { field: 'files.0' });
    // The table is still there after all of these.
    expect((await t.sql('SELECT count(*) AS n FROM files.faq')).data).toEqual([[2]]);
  });
});

describe('a knowledge base body carrying urls', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('never fetches a private address unless the server was started allowing it', async () => {
    const t = await startTestApp();
    try {
      await createKb(t, { name: 'web' });
      const res = await putKb(t, 'web', { urls: [`${site.url}/notes.txt`] });
      expectProblem(res, 400, { field: 'urls.0', detail: expect.stringMatching(/allow-private/) });
      expect(await rowsOf(t, 'web')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with private addresses allowed, inserts each page as one document and refuses what it cannot read', async () => {
    const t = await startTestApp({ allowPrivateModelUrls: true });
    try {
      await createKb(t, { name: 'web' });
      const ok = await putKb(t, 'web', { urls: [`${site.url}/notes.txt`, `${site.url}/page.html`] });
      expect(ok.statusCode).toBe(200);
      const rows = await rowsOf(t, 'web');
      expect(rows.map((r) => r[0])).toEqual([`${site.url}/notes.txt`, `${site.url}/page.html`]);
      expect(rows[0][1]).toBe('Parcels ship from the Leeds warehouse.');
      expect(rows[1][1]).toContain('Refunds take five days & need a receipt.');
      expect(rows[1][1]).not.toMatch(/steal|color|<p>/);

      for (const [path, words] of [
        ['/gone', /answered 404/],
        ['/logo.png', /image\/png/],
      ] as const) {
        const bad = await putKb(t, 'web', { urls: [`${site.url}${path}`] });
        expectProblem(bad, 400, { field: 'urls.0', detail: expect.stringMatching(words) });
      }
      const closed = await putKb(t, 'web', { urls: ['http://127.0.0.1:1/nothing'] });
      expectProblem(closed, 400, { detail: expect.stringMatching(/cannot be reached/) });
    } finally {
      await t.close();
    }
  });
});
