import type { APIRequestContext, Page } from '@playwright/test';
import {
  startFakeProvider,
  type FakeProvider,
  type ProviderAnswer,
  type ProviderRequest,
} from '../../server/test/fake-provider';
import { test, expect } from '../fixtures';
import { ChatPage } from '../pages/chat-page';
import { KnowledgeBasePages } from '../pages/kb-page';
import { openWorksheet, uploadCsv } from '../pages/worksheet-page';
import { insertAndWait } from '../sql';

/** Text that runs code if a page ever treats it as HTML or follows it as a link. */
const HOSTILE = [
  `<script>window.__pwned='script';alert('script')</script>`,
  `<img src=x onerror="window.__pwned='img';alert('img')">`,
  `[click me](javascript:window.__pwned='link';alert('link'))`,
  `<a href="javascript:window.__pwned='a';alert('a')">html link</a>`,
  `![picture](javascript:window.__pwned='image')`,
  `<svg onload="window.__pwned='svg'"></svg>`,
  `<iframe src="javascript:window.__pwned='iframe'"></iframe>`,
];

const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
const HOSTILE_CSV = [
  'id,body,author',
  ...HOSTILE.map((h, i) => `h${i},${csvCell(`Hostile refund note ${i}: ${h}`)},${csvCell(h)}`),
].join('\n');

/**
 * A chat model on localhost that searches the hostile KB first, then answers with every hostile string as
 * markdown: what a model that read poisoned data might write.
 */
function hostileAnswer(request: ProviderRequest): ProviderAnswer {
  const messages = request.body.messages as { role: string }[];
  const message = messages.some((m) => m.role === 'tool')
    ? { role: 'assistant', content: `Here is what the notes say:\n\n${HOSTILE.join('\n\n')}` }
    : {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: {
              name: 'kb_query_tool',
              arguments: JSON.stringify({
                query: "SELECT * FROM mindsdb.evil_kb WHERE content = 'hostile refund note' LIMIT 10",
              }),
            },
          },
        ],
      };
  return { json: { choices: [{ message }] } };
}

async function sql(request: APIRequestContext, query: string) {
  const res = await request.post('/api/sql/query', { data: { query } });
  const body = await res.json();
  expect(body.type, `${query}: ${JSON.stringify(body)}`).not.toBe('error');
  return body;
}

/** Fails on any dialog, and reports whether any hostile code ran or any javascript: link exists. */
function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => {
    expect(dialogs, 'dialogs opened by hostile text').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await expect(page.locator('a[href^="javascript:" i], [src^="javascript:" i]')).toHaveCount(0);
    await expect(page.locator('[onerror], [onload], iframe')).toHaveCount(0);
    await expect(page.locator('script').filter({ hasText: '__pwned' })).toHaveCount(0);
  };
}

test.describe('hostile text in data and model output', () => {
  let model: FakeProvider;
  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    model = await startFakeProvider(hostileAnswer);
    await uploadCsv(request, 'evil', HOSTILE_CSV);
    await sql(
      request,
      `CREATE KNOWLEDGE_BASE IF NOT EXISTS evil_kb USING content_columns = ['body'], metadata_columns = ['author'], id_column = 'id'`,
    );
    expect(
      (await insertAndWait(request, 'evil_kb', 'INSERT INTO evil_kb SELECT id, body, author FROM files.evil'))
        .error,
    ).toBeNull();
    await sql(
      request,
      `CREATE AGENT IF NOT EXISTS evil_local USING data = {"knowledge_bases": ["mindsdb.evil_kb"]}`,
    );
    const agent = await request.post('/api/projects/mindsdb/agents', {
      data: {
        agent: {
          name: 'evil_model',
          model: { provider: 'openai', model_name: 'hostile', api_key: 'sk-x', base_url: model.baseUrl },
          data: { knowledge_bases: ['mindsdb.evil_kb'] },
        },
      },
    });
    expect([201, 409]).toContain(agent.status());
    await request.dispose();
  });
  test.afterAll(async () => {
    await model?.close();
  });

  test('renders as text in the worksheet grid', async ({ page }) => {
    const check = guard(page);
    const ws = await openWorksheet(page);
    await ws.run(
      "SELECT chunk_content, metadata FROM evil_kb WHERE content = 'hostile refund note' LIMIT 10",
    );
    await expect(ws.status).toContainText(`${HOSTILE.length} rows`);
    const cells = ws.grid.getByRole('gridcell');
    for (const h of HOSTILE.slice(0, 3)) await expect(cells.filter({ hasText: h }).first()).toBeVisible();
    await ws.run('SELECT id, body, author FROM files.evil ORDER BY id');
    await expect(ws.cell(0, 2)).toHaveText(HOSTILE[0]);
    await expect(ws.cell(1, 2)).toHaveText(HOSTILE[1]);
    await check();
  });

  test('renders as text in the knowledge base search panel', async ({ page }) => {
    const check = guard(page);
    const kb = new KnowledgeBasePages(page);
    await page.goto('/projects/mindsdb/knowledge-bases/evil_kb');
    await kb.tab('Try a search').click();
    await kb.search("<script>alert('q')</script> hostile refund note");
    await expect(kb.results).toHaveCount(HOSTILE.length);
    for (const h of HOSTILE) await expect(kb.results.getByText(h).first()).toBeVisible();
    await expect(kb.sqlThatRan()).toContainText("<script>alert(''q'')</script>");
    await check();
  });

  test('renders as text in the chat, from the local model and from a hostile one', async ({ page }) => {
    const check = guard(page);
    const chat = new ChatPage(page);
    await chat.open('mindsdb', 'evil_local');
    await chat.ask('What do the hostile refund notes say?');
    const local = chat.turn('What do the hostile refund notes say?');
    await expect(chat.answer(local)).toContainText('Hostile refund note');
    await expect(chat.answer(local)).toContainText('<script>');

    await chat.open('mindsdb', 'evil_model');
    await chat.ask('Summarise the notes');
    const turn = chat.turn('Summarise the notes');
    const answer = chat.answer(turn);
    await expect(answer).toContainText("<img src=x onerror=\"window.__pwned='img';alert('img')\">");
    await expect(answer).toContainText('<script>');
    // The markdown link survives as its text only, without a target.
    await expect(answer.getByText('click me')).toBeVisible();
    await expect(answer.getByRole('link', { name: 'click me' })).toHaveCount(0);
    // The tool call's rows show the chunks as text too.
    const card = chat.toolCards(turn, 'kb_query_tool');
    await chat.toggle(card).click();
    await expect(card.getByText(HOSTILE[1]).first()).toBeVisible();
    await check();
  });
});
