import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { multipartFile } from '../test/harness';
import { expectProblem } from '../test/problem';
import { useTestApp } from '../test/use-test-app';
import { unpackSingleFile } from './zip-upload';

const t = useTestApp();

const CSV = 'id,body\n1,hello\n2,world\n';
const upload = (name: string, filename: string, content: Buffer | string, query = '') =>
  t.inject({ method: 'PUT', url: `/api/files/${name}${query}`, ...multipartFile('file', filename, content) });
/** The archive with its (first) local header claiming another unpacked size. */
function withDeclaredSize(zip: Uint8Array, size: number): Buffer {
  const copy = Buffer.from(zip);
  copy.writeUInt32LE(size, 22);
  return copy;
}
/** A multipart form as a browser or MindsDB's clients send one: text fields first, then the file. */
async function formUpload(name: string, fields: Record<string, string>, file?: [string, string]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file[1]]), file[0]);
  const encoded = new Response(form);
  return t.inject({
    method: 'PUT',
    url: `/api/files/${name}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}
const jsonUpload = (name: string, payload: unknown) =>
  t.inject({ method: 'PUT', url: `/api/files/${name}`, payload: payload as object });
const fileNames = async () =>
  ((await t.inject({ url: '/api/files' })).json() as { name: string }[]).map((f) => f.name);

describe('collections with and without a trailing slash', () => {
  it.each([
    '/api/files',
    '/api/projects',
    '/api/tree',
    '/api/projects/mindsdb/agents',
    '/api/projects/mindsdb/knowledge_bases',
    '/api/databases',
  ])('answers %s both ways', async (url) => {
    const plain = await t.inject({ url });
    const slashed = await t.inject({ url: `${url}/` });
    expect([plain.statusCode, slashed.statusCode]).toEqual([200, 200]);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('answers a collection with a slash and a query string, an item only without the slash', async () => {
    expect((await t.inject({ url: '/api/files/?x=1' })).statusCode).toBe(200);
    // An item keeps its one form, as MindsDB's do.
    expect((await t.inject({ url: '/api/projects/mindsdb' })).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/projects/mindsdb/' })).statusCode).toBe(404);
  });
});

describe('projects and util', () => {
  it('lists projects as MindsDB shapes them and gets one by name', async () => {
    expect((await t.inject({ url: '/api/projects' })).json()).toEqual([{ name: 'mindsdb' }]);
    expect((await t.inject({ url: '/api/projects/mindsdb' })).json()).toEqual({ name: 'mindsdb' });
    expectProblem(await t.inject({ url: '/api/projects/nope' }), 404, {
      title: 'Project not exists',
      detail: 'Project name nope does not exist',
    });
  });

  it('answers ping_native: no native training task is ever running', async () => {
    const res = await t.inject({ url: '/api/util/ping_native' });
    expect([res.statusCode, res.json()]).toEqual([200, { learn: false, predict: false, analyse: false }]);
  });
});

describe('chatbots, which this server does not offer', () => {
  it('lists none, finds none, refuses to make one with the reason, and 404s an unknown project', async () => {
    expect((await t.inject({ url: '/api/projects/mindsdb/chatbots' })).json()).toEqual([]);
    expectProblem(await t.inject({ url: '/api/projects/glorp/chatbots' }), 404, {
      title: 'Project not found',
    });
    for (const method of ['GET', 'DELETE'] as const) {
      expectProblem(await t.inject({ method, url: '/api/projects/mindsdb/chatbots/bot' }), 404, {
        title: 'Chatbot not found',
        detail: 'Chatbot with name bot does not exist',
      });
      expectProblem(await t.inject({ method, url: '/api/projects/zoop/chatbots/bot' }), 404, {
        title: 'Project not found',
      });
    }
    const made = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/chatbots',
      payload: { chatbot: { name: 'bot', agent_name: 'a' } },
    });
    expectProblem(made, 400, { title: 'Chatbots are not offered' });
    expect(made.json().detail).toMatch(/chat apps/);
  });
});

describe('the tree', () => {
  it('lists the system databases first, and their tables', async () => {
    const tree = (await t.inject({ url: '/api/tree/' })).json();
    expect(tree.slice(0, 2)).toEqual([
      {
        name: 'information_schema',
        class: 'db',
        type: 'system',
        engine: null,
        deletable: false,
        visible: true,
      },
      { name: 'log', class: 'db', type: 'system', engine: null, deletable: false, visible: true },
    ]);
    const info = (await t.inject({ url: '/api/tree/information_schema' })).json();
    expect(info.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['SCHEMATA', 'TABLES', 'COLUMNS', 'KNOWLEDGE_BASES', 'AGENTS']),
    );
    expect(info[0]).toMatchObject({ class: 'table', type: 'system view', deletable: false });
    expect((await t.inject({ url: '/api/tree/log' })).json()).toEqual([]);
    // Names are looked up in lower case, as MindsDB does.
    expect((await t.inject({ url: '/api/tree/MINDSDB' })).statusCode).toBe(200);
  });

  it("shows a project's models table even when the project holds nothing else", async () => {
    expect((await t.sql('CREATE PROJECT tree_p')).type).toBe('ok');
    expect((await t.inject({ url: '/api/tree/tree_p' })).json()).toEqual([
      { name: 'models', class: 'table', type: 'table', engine: null, deletable: false, schema: null },
    ]);
    // ... and the table answers, empty, as the console's preview of it asks.
    const models = await t.sql('SELECT * FROM tree_p.models LIMIT 100');
    expect(models).toMatchObject({ type: 'table', data: [] });
    expect(models.column_names.slice(0, 3)).toEqual(['NAME', 'ENGINE', 'PROJECT']);
    expect(await t.sql('SELECT name FROM models', { db: 'tree_p' })).toMatchObject({
      column_names: ['name'],
      data: [],
    });
    await t.sql('DROP PROJECT tree_p');
  });
});

describe('file uploads as MindsDB answers them', () => {
  it("takes MindsDB's form fields and refuses any other by name, before anything is stored", async () => {
    const ok = await formUpload('form_fields', { source_type: 'file', original_file_name: 'x.csv' }, [
      'x.csv',
      CSV,
    ]);
    expect([ok.statusCode, ok.json()]).toEqual([200, '']);
    const extra = await formUpload('with_extra', { source_type: 'file', unexpected_param: 'v' }, [
      'x.csv',
      CSV,
    ]);
    expectProblem(extra, 400, {
      title: 'Invalid request parameters',
      detail:
        'Unexpected parameters in request: unexpected_param. Allowed parameters: file, original_file_name, source_type',
    });
    expect(await fileNames()).not.toContain('with_extra');
    expectProblem(await formUpload('no_file', { source_type: 'file' }), 400, {
      title: 'File field is missed',
    });
    expectProblem(await formUpload('odd_source', { source_type: 'ftp' }, ['x.csv', CSV]), 400, {
      title: 'Wrong file source type',
    });
  });

  it('checks a JSON body as MindsDB does, and refuses a URL upload as disabled (never 415)', async () => {
    // The body is checked before the name: a name with an extension does not hide a bad field.
    for (const payload of [
      { source_type: 'url', source: 'http://example.com/f.csv', invalid_field: 1 },
      { source_type: 'url', source: 'http://example.com/f.csv', file: '../path/test.txt' },
      { file: '../path/test.txt' },
    ]) {
      expectProblem(await jsonUpload('remote.txt', payload), 400, { title: 'Invalid request parameters' });
    }
    expectProblem(await jsonUpload('remote', ['a']), 400, { title: 'Invalid request parameters' });
    const url = await jsonUpload('remote.txt', { source_type: 'url', source: 'http://127.0.0.1:1/f.csv' });
    expectProblem(url, 400, { title: 'URL file upload is disabled.' });
    expect(url.json().detail).toMatch(/^URL file upload is disabled\./);
    expectProblem(await jsonUpload('remote', { source_type: 'file' }), 400, {
      title: 'File field is missed',
    });
  });

  it("refuses a table name with an extension in MindsDB's words", async () => {
    expectProblem(await upload('test.txt', 'test.txt', 'Hello, World!'), 400, {
      detail: 'File name cannot contain extension.',
    });
    // A file's own name is read by its last part: a folder in it reaches no path.
    expect((await upload('my_file', '../../../tmp/test_test.csv', CSV)).statusCode).toBe(200);
  });

  it('refuses a taken name unless the client asks to replace, and replaces then', async () => {
    expect((await upload('taken', 'a.csv', CSV)).statusCode).toBe(200);
    expectProblem(await upload('taken', 'b.csv', 'x\n9\n'), 400, {
      title: 'File already exists',
      detail: expect.stringContaining("File with name 'taken' already exists"),
    });
    expect((await t.sql('SELECT count(*) AS n FROM files.taken')).data).toEqual([[2]]);
    const replaced = await upload('taken', 'b.csv', 'x\n9\n', '?replace=true');
    expect([replaced.statusCode, replaced.json()]).toEqual([200, '']);
    expect((await t.sql('SELECT * FROM files.taken')).data).toEqual([[9]]);
  });

  it('reads the one CSV, JSON or Parquet file of a zip archive', async () => {
    const csvZip = Buffer.from(zipSync({ 'inner.csv': strToU8(CSV) }));
    expect((await upload('zipped_csv', 'data.zip', csvZip)).statusCode).toBe(200);
    expect((await t.sql('SELECT id, body FROM files.zipped_csv ORDER BY id')).data).toEqual([
      [1, 'hello'],
      [2, 'world'],
    ]);
    // A folder entry beside the file is no second file; the inner name's extension says JSON.
    const jsonZip = Buffer.from(
      zipSync({ 'docs/': new Uint8Array(0), 'rows.json': strToU8('[{"a":1},{"a":2},{"a":3}]') }),
    );
    expect((await upload('zipped_json', 'data.zip', jsonZip)).statusCode).toBe(200);
    expect((await t.sql('SELECT sum(a) AS s FROM files.zipped_json')).data).toEqual([[6]]);
  });

  it('refuses archives with several files, a file in a folder, damage, or a bomb', async () => {
    const two = Buffer.from(zipSync({ 'a.csv': strToU8(CSV), 'b.csv': strToU8(CSV) }));
    expectProblem(await upload('zip_two', 'two.zip', two), 400, {
      title: 'Wrong content.',
      detail: 'Archive must contain only one data file.',
    });
    const nested = Buffer.from(zipSync({ 'dir/a.csv': strToU8(CSV) }));
    expectProblem(await upload('zip_nested', 'nested.zip', nested), 400, {
      detail: 'Archive must contain data file in root.',
    });
    const broken = await upload('zip_broken', 'broken.zip', Buffer.from('PK\u0003\u0004 not really a zip'));
    expectProblem(broken, 400);
    // A bomb: a megabyte of one byte compresses to a kilobyte; its header says it unpacks to 600 MB.
    const bomb = withDeclaredSize(zipSync({ 'bomb.csv': new Uint8Array(2 ** 20).fill(0x61) }), 600 * 2 ** 20);
    expect(bomb.length).toBeLessThan(10_000);
    expectProblem(await upload('zip_bomb', 'bomb.zip', bomb), 413, {
      detail: 'The archive unpacks to more than 512 MB',
    });
    expect(await fileNames()).not.toEqual(
      expect.arrayContaining(['zip_two', 'zip_nested', 'zip_broken', 'zip_bomb']),
    );
  });

  it('counts what comes out of an archive, whatever size its header declares', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-zip-test-'));
    try {
      // The header says 10 bytes; the entry inflates to a megabyte, past a bound of 64 KB.
      const liar = withDeclaredSize(zipSync({ 'a.csv': new Uint8Array(2 ** 20).fill(0x61) }), 10);
      await fs.writeFile(path.join(dir, 'liar.zip'), liar);
      await expect(unpackSingleFile(path.join(dir, 'liar.zip'), dir, 64 * 1024)).rejects.toMatchObject({
        status: 413,
        detail: 'The archive unpacks to more than 65536 bytes',
      });
      const honest = zipSync({ 'a.csv': strToU8(CSV) });
      await fs.writeFile(path.join(dir, 'honest.zip'), honest);
      const out = await unpackSingleFile(path.join(dir, 'honest.zip'), dir, 64 * 1024);
      expect([out.name, await fs.readFile(out.path, 'utf8')]).toEqual(['a.csv', CSV]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the type from original_file_name, and refuses a file under another field', async () => {
    const boundary = '----ks-test-boundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = (fieldName: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="x.bin"\r\n\r\n${CSV}\r\n`;
    const send = (body: string) =>
      t.inject({
        method: 'PUT',
        url: '/api/files/with_fields',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    // original_file_name names the file's type (its extension).
    const ok = await send(field('original_file_name', 'x.csv') + filePart('file') + `--${boundary}--\r\n`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.sql('SELECT count(*) AS n FROM files.with_fields')).data).toEqual([[2]]);
    const wrongField = await t.inject({
      method: 'PUT',
      url: '/api/files/wrong_field',
      payload: filePart('upload') + `--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toContain('"file"');
    const json = await jsonUpload('from_url', {
      source_type: 'url',
      source: 'http://169.254.169.254/latest',
    });
    expect(json.statusCode).toBe(400);
    expect(await fileNames()).not.toContain('from_url');
  });
});
