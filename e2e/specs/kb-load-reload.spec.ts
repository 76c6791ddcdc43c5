import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { KnowledgeBasePages } from '../pages/kb-page';

async function sql(request: APIRequestContext, query: string) {
  const answer = await (await request.post('/api/sql/query', { data: { query } })).json();
  expect(answer.type, JSON.stringify(answer)).not.toBe('error');
  return answer;
}

// What the server said, when the test fails: a load that stops early is explained there.
test.afterEach(async ({ server }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('server-output', {
      body: server.output().slice(-20_000),
      contentType: 'text/plain',
    });
});

test('a KB load goes on through a page reload, and the reloaded page follows it and cancels it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // Enough text that the load takes a while with the built-in model (about 400,000 small chunks): it must
  // still run after the reload.
  await sql(
    request,
    `CREATE TABLE files.many_notes (SELECT range AS id, 'Note ' || range || repeat(' about refunds, parcels and invoices', 16) AS body FROM range(100000))`,
  );
  await sql(
    request,
    `CREATE KNOWLEDGE_BASE reload_kb USING content_columns = ['body'],
       preprocessing = {"text_chunking_config": {"chunk_size": 150, "chunk_overlap": 0}}`,
  );

  const kb = new KnowledgeBasePages(page);
  await page.goto('/projects/mindsdb/knowledge-bases/reload_kb?tab=load');
  await page.getByRole('combobox', { name: 'Table', exact: true }).selectOption('many_notes');
  await kb.loadButton().click();
  // A poll that meets a busy server's closed connection asks again.
  const rowsDone = async () =>
    request
      .get('/api/projects/mindsdb/knowledge_bases/reload_kb/progress')
      .then(async (res) => (await res.json()).rows_done as number)
      .catch(() => -1);
  await expect.poll(rowsDone, { timeout: 120_000 }).toBeGreaterThan(0);

  await page.reload();
  // The load was not stopped by the reload: the page finds it on the server and follows it.
  await expect(page.getByText('A load started earlier is still running on the server')).toBeVisible();
  await expect(kb.loadProgress).toHaveAccessibleDescription(/^Embedding rows: [\d,]+ of 100,000 rows/);
  const afterReload = await rowsDone();
  await expect.poll(rowsDone, { timeout: 120_000 }).toBeGreaterThan(afterReload);
  await expect(kb.loadProgress).not.toHaveAccessibleDescription(
    new RegExp(`^Embedding rows: ${afterReload.toLocaleString('en')} of`),
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const path = testInfo.outputPath(`kb-load-followed-${colorScheme}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`kb-load-followed-${colorScheme}`, { path, contentType: 'image/png' });
  }

  await page.getByRole('button', { name: 'Cancel load' }).click();
  await expect(page.getByRole('button', { name: 'Stopping after this batch…' })).toBeDisabled();
  // The server stops between batches: on a busy machine a batch of this load takes a while.
  const said = page.getByRole('status').filter({ hasText: /^The load was cancelled\./ });
  await expect(said).toContainText(/The [\d,]+ rows stored before it stopped stay in reload_kb/, {
    timeout: 120_000,
  });
  await expect(kb.loadProgress).toHaveAccessibleDescription('The load was cancelled.');
  await expect(page.getByRole('button', { name: 'Cancel load' })).toHaveCount(0);
  const progress = await (
    await request.get('/api/projects/mindsdb/knowledge_bases/reload_kb/progress')
  ).json();
  expect(progress.state).toBe('failed');
  expect(progress.error).toMatch(/cancelled/);
  expect(progress.rows_done).toBeLessThan(100_000);
  await expect(page.getByRole('region', { name: 'Knowledge base status' })).toContainText('cancelled');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const path = testInfo.outputPath(`kb-load-cancelled-${colorScheme}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`kb-load-cancelled-${colorScheme}`, { path, contentType: 'image/png' });
  }
  // Leave the worker's server light to stop: the KB and its source go (the server is shared by the worker).
  await sql(request, 'DROP KNOWLEDGE_BASE reload_kb');
  await sql(request, 'DROP TABLE files.many_notes');
});
