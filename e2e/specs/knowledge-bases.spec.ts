import {
  startFakeProvider,
  type ProviderAnswer,
  type ProviderRequest,
} from '../../server/test/fake-provider';
import { test, expect } from '../fixtures';
import { KnowledgeBasePages } from '../pages/kb-page';

// These tests expect an empty project: a server of their own (a worker of its own), never one that another
// spec (hardening's evil_kb) has filled.
test.use({ serverOptions: { env: { KS_E2E_SPEC: 'knowledge-bases' } } });

/** Bag-of-words hashes, enough for a search on a topic word to rank that topic first. */
function embed(text: string): number[] {
  const v = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let h = 7;
    for (const c of word) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % 64] += 1;
  }
  v[63] += 0.01;
  return v;
}

/**
 * OpenAI-compatible embeddings from the fake model server on localhost: a real HTTP peer for the KB's `openai`
 * provider, so that the test can set an API key, change it, and check which key the server uses afterwards.
 */
function embeddingAnswer(request: ProviderRequest): ProviderAnswer {
  const input = request.body.input as string | string[];
  const texts = Array.isArray(input) ? input : [input];
  const data = texts.map((t, index) => ({ object: 'embedding', index, embedding: embed(t) }));
  // A little latency per batch, as a real provider has, so a load takes several progress steps.
  return { json: { object: 'list', data, model: 'fake-embed' }, delayMs: 150 };
}

const TOPICS = ['refund', 'shipping', 'password', 'invoice', 'warranty', 'account'];
function articlesCsv(rows: number): Buffer {
  const lines = ['article_id,body,author'];
  for (let i = 1; i <= rows; i++) {
    const topic = TOPICS[i % TOPICS.length];
    lines.push(
      `A${i},"Article ${i} explains the ${topic} policy, with ${topic} steps for customers.",author${i % 3}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

test('creates a KB, loads a CSV to 100 %, masks a retyped key, searches it and deletes it', async ({
  page,
}) => {
  const embeddings = await startFakeProvider(embeddingAnswer);
  try {
    // An agent that will use the KB through the project wildcard: the delete dialog must name it.
    const agent = await page.request.post('/api/projects/mindsdb/agents', {
      data: { agent: { name: 'helper', data: { knowledge_bases: ['mindsdb.*'] } } },
    });
    expect(agent.status()).toBe(201);

    const kb = new KnowledgeBasePages(page);
    await kb.openList();
    await expect(page.getByRole('heading', { name: 'No knowledge bases in mindsdb yet' })).toBeVisible();
    await kb.create('support_docs', {
      provider: 'openai',
      modelName: 'fake-embed',
      baseUrl: embeddings.baseUrl,
      apiKey: 'sk-first-key',
    });
    await expect(page).toHaveURL(/\/knowledge-bases\/support_docs\?tab=load$/);
    await expect(kb.tab('Load data')).toHaveAttribute('aria-selected', 'true');

    // Load: upload a CSV, map its columns onto the KB's, and watch the bar reach 100 %.
    await kb.uploadSource(
      { name: 'articles.csv', mimeType: 'text/csv', buffer: articlesCsv(600) },
      'articles',
    );
    await expect(kb.mappingFor('content', 'content')).toHaveValue('body');
    await kb.mappingFor('id', 'id').selectOption('article_id');
    await expect(
      page.getByText(
        'INSERT INTO mindsdb.support_docs SELECT article_id AS id, body AS content, author FROM files.articles',
      ),
    ).toBeVisible();
    await kb.loadButton().click();
    await expect(kb.loadProgress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Loaded 600 rows from files.articles' }),
    ).toBeVisible();

    // Settings: provider and model are locked now; the key is replaced only because it was retyped.
    await kb.tab('Settings').click();
    await expect(kb.embedding.getByRole('note')).toContainText('Provider and model are locked');
    await expect(kb.embedding.getByLabel('Provider')).toBeDisabled();
    await expect(kb.embedding.getByLabel('API key')).toHaveValue('');
    const review = await kb.replaceKey(kb.embedding, 'sk-second-key');
    await expect(review.getByRole('row', { name: /Embedding model API key/ })).toContainText(
      'new key (hidden)',
    );
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(kb.saved).toBeVisible();
    await expect(kb.embedding.getByLabel('API key')).toHaveValue('');
    await expect(page.getByText('"api_key": "******"')).toBeAttached();
    await page.reload();
    await expect(kb.embedding.getByText('A key is saved and never shown.', { exact: false })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('sk-second-key');

    // Search: the chunks about refunds come first, with their relevance and metadata, and the exact SQL.
    await kb.tab('Try a search').click();
    await kb.search("what's the refund policy");
    await expect(kb.sqlThatRan()).toHaveText(
      "SELECT * FROM mindsdb.support_docs WHERE content = 'what''s the refund policy' LIMIT 10",
    );
    await expect(kb.results).toHaveCount(10);
    await expect(kb.results.first()).toContainText('refund policy');
    await expect(kb.results.first().getByRole('meter', { name: 'Relevance' })).toBeVisible();
    await expect(kb.results.first()).toContainText('author');
    // The search embedded the query with the key typed above.
    expect(embeddings.requests.at(-1)?.headers.authorization).toBe('Bearer sk-second-key');

    // Delete: the dialog names the agent that uses the KB, and waits for the name.
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = kb.deleteDialog('support_docs');
    await expect(dialog.getByRole('note', { name: 'Agents that use this knowledge base' })).toContainText(
      'helper through mindsdb.*',
    );
    const confirm = dialog.getByRole('button', { name: 'Delete knowledge base' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/to confirm/).fill('support_docs');
    await confirm.click();
    await expect(page).toHaveURL(/\/projects\/mindsdb\/knowledge-bases$/);
    await expect(page.getByRole('heading', { name: 'No knowledge bases in mindsdb yet' })).toBeVisible();
  } finally {
    await embeddings.close();
  }
});

test('shows a server refusal beside the field it concerns', async ({ page }) => {
  const kb = new KnowledgeBasePages(page);
  await kb.openList();
  await page.getByRole('link', { name: 'New knowledge base' }).click();
  await page.getByLabel('Name', { exact: true }).fill('odd_kb');
  await kb.setModel(kb.embedding, { provider: 'ollama', baseUrl: 'ftp://not-http' });
  await page.getByRole('button', { name: 'Create knowledge base' }).click();
  await expect(
    kb.embedding.getByText('embedding_model.base_url: the URL must use http or https, not ftp'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/knowledge-bases\/-\/new$/);
});

test('opens a knowledge base and an agent that are called "new"', async ({ page, request }) => {
  // Knowledge bases and agents share a project's names: the agent lives in a project of its own.
  for (const query of [
    "CREATE KNOWLEDGE_BASE new USING embedding_model = {'provider': 'local'}",
    'CREATE PROJECT IF NOT EXISTS named_new',
    "CREATE AGENT named_new.new USING model = {'provider': 'local'}",
  ]) {
    const res = await (await request.post('/api/sql/query', { data: { query } })).json();
    expect(res.type, query).toBe('ok');
  }
  const kb = new KnowledgeBasePages(page);
  await kb.openList();
  await page.getByRole('table').getByRole('link', { name: 'new', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('new');
  await expect(kb.tab('Settings')).toBeVisible();
  // The create page is still one click away, on its own path.
  await kb.openList();
  await page.getByRole('link', { name: 'New knowledge base' }).click();
  await expect(page.getByRole('button', { name: 'Create knowledge base' })).toBeVisible();

  await page.goto('/projects/named_new/agents');
  await page.getByRole('table').getByRole('link', { name: 'new', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('new');
  await expect(page).toHaveURL(/\/agents\/new$/);
  await page.goto('/projects/named_new/agents');
  await page.getByRole('link', { name: 'New agent' }).click();
  await expect(page.getByRole('button', { name: 'Create agent' })).toBeVisible();
});
