import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createDemo } from './index';

const articles = JSON.parse(readFileSync(new URL('./help-articles.json', import.meta.url), 'utf8')) as {
  id: number;
  title: string;
  category: string;
  body: string;
}[];

let t: TestApp;
let createdInMs = 0;
beforeAll(async () => {
  const started = performance.now();
  t = await startTestApp({ demo: true });
  createdInMs = performance.now() - started;
});
afterAll(async () => {
  await t?.close();
});

const ask = async (question: string) =>
  (
    await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/help_agent/completions',
      payload: { messages: [{ question, answer: '' }] },
    })
  ).json().message.content as string;

describe('the demo', () => {
  it('holds about fifty varied help articles with the columns the knowledge base uses', () => {
    expect(articles.length).toBeGreaterThanOrEqual(45);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.category)).size).toBeGreaterThanOrEqual(8);
    for (const a of articles) expect(Object.keys(a)).toEqual(['id', 'title', 'category', 'body']);
  });

  it('creates the table, the knowledge base and the agent quickly on a fresh data folder', async () => {
    expect(createdInMs).toBeLessThan(5000); // the whole start; the demo's own time is measured below
    const count = await t.sql('SELECT count(*) AS n FROM files.help_articles');
    expect(count.data).toEqual([[articles.length]]);
    const kb = await t.sql(`SELECT * FROM mindsdb.help_kb WHERE category = 'Agents' LIMIT 100`);
    expect(kb.data.length).toBeGreaterThan(5);
    expect(kb.data[0][3]).toMatchObject({ category: 'Agents', title: expect.any(String) });
    const agent = (await t.inject({ url: '/api/projects/mindsdb/agents/help_agent' })).json();
    expect(agent).toMatchObject({
      model: { provider: 'local' },
      data: { knowledge_bases: ['mindsdb.help_kb'], tables: ['files.help_articles'] },
    });
  });

  it("answers the README's question with the upload how-to rather than the formats", async () => {
    const howTo =
      /^Uploading a file\. Click the upload button in the object browser.*\[12:body:1of1:0to\d+\]/;
    expect(await ask('How do I upload a CSV file?')).toMatch(howTo);
    // "spreadsheet" is a word no article uses: the local agent says so rather than guess (MIN_ANSWERED_SHARE).
    expect(await ask('How can I upload my spreadsheet?')).toBe(
      'I could not find anything about that in the data I can search.',
    );
  });

  it('answers questions about the product from the articles, citing them', async () => {
    const login = await ask('How do I turn login on?');
    expect(login).toMatch(/--username and --password/);
    expect(login).toMatch(/\[\d+:body:1of1:\d+to\d+\]/);
    expect(await ask('How many help articles are there?')).toContain(`holds ${articles.length} rows`);
    expect(await ask('Who won the football world cup in 1966?')).toBe(
      'I could not find anything about that in the data I can search.',
    );
  });

  it('is created by createDemo in a server that does not have it yet', async () => {
    const fresh = await startTestApp();
    expect(await createDemo(fresh.deps)).toBe(true);
    expect((await fresh.inject({ url: '/api/projects/mindsdb/agents' })).json()).toEqual([
      expect.objectContaining({ name: 'help_agent' }),
    ]);
    await fresh.close();
  });

  it('is not created again once the data folder holds a catalog, nor with demo off', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-demo-'));
    const off = await startTestApp({ demo: false }, dir);
    expect((await off.inject({ url: '/api/projects/mindsdb/agents' })).json()).toEqual([]);
    await off.close();
    const again = await startTestApp({ demo: true }, dir);
    expect((await again.inject({ url: '/api/projects/mindsdb/agents' })).json()).toEqual([]);
    await again.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
