import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeProvider,
  textReply,
  type FakeProvider,
  type ProviderRequest,
} from '../../../test/fake-provider';
import { startTestApp, type TestApp } from '../../../test/harness';
import { EXTRACTIVE } from './generate';
import { readQuestionJson } from './llm-questions';

const DOCS = [
  ['1', 'The waterproof hiking boot keeps feet dry in rain, snow and river crossings.'],
  ['2', 'Our espresso machine brews coffee with a fifteen bar pump and a steam wand for milk.'],
  ['3', 'The mechanical keyboard uses tactile switches and has a detachable braided cable.'],
];
const KEY = 'sk-eval-llm-secret-42';

/** The text of the chunk a generation request carries. */
const chunkOf = (r: ProviderRequest) =>
  String((r.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')?.content);

/** A model that writes a question naming the chunk's first three words, or judges by a shared word. */
function writerAndJudge(r: ProviderRequest) {
  const messages = r.body.messages as { role: string; content: string }[];
  const system = messages[0].content;
  if (system.includes('test questions')) {
    const words = chunkOf(r).replace('Text:\n', '').split(/\s+/).slice(0, 4).join(' ');
    return textReply(
      '```json\n' + JSON.stringify({ query: `What about ${words}?`, reference_answer: words }) + '\n```',
    );
  }
  // A relevance judgement: 1 when the document shares the question's last word, else 0.
  const user = messages.at(-1)!.content.toLowerCase();
  return textReply(/espresso[\s\S]*espresso/.test(user) ? '1' : '0');
}

describe('EVALUATE KNOWLEDGE_BASE with an llm', () => {
  let t: TestApp;
  let model: FakeProvider;
  const llm = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      provider: 'openai',
      model_name: 'writer',
      api_key: KEY,
      base_url: model.baseUrl,
      ...extra,
    });
  const ok = (query: string) => t.sqlOk(query);
  const rows = (query: string) => t.sqlRows(query);

  beforeAll(async () => {
    model = await startFakeProvider(writerAndJudge);
    t = await startTestApp({ allowPrivateModelUrls: true, providerHttp: { retries: 0 } });
    await ok(`CREATE KNOWLEDGE_BASE shop_kb USING content_columns = ['body'], id_column = 'id'`);
    await ok(
      `INSERT INTO shop_kb (id, body) VALUES ${DOCS.map(([id, b]) => `('${id}', '${b}')`).join(', ')}`,
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('generate_data asks the llm to write a question and answer per chunk, as MindsDB does', async () => {
    const before = model.requests.length;
    const generated = await ok(
      `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.llm_qa, generate_data = {'count': 3}, ` +
        `evaluate = false, llm = ${llm()}`,
    );
    expect(generated.type).not.toBe('error');
    const calls = model.requests.slice(before);
    expect(calls).toHaveLength(3);
    expect(calls[0].path).toBe('/v1/chat/completions');
    expect(calls[0].body.model).toBe('writer');
    expect(calls[0].headers.authorization).toBe(`Bearer ${KEY}`);
    const qa = await rows('SELECT question, answer, doc_id, generated_by FROM files.llm_qa ORDER BY doc_id');
    expect(qa.map((q: Record<string, unknown>) => q.doc_id)).toEqual(['1', '2', '3']);
    expect(qa[0]).toMatchObject({
      question: 'What about The waterproof hiking boot?',
      answer: 'The waterproof hiking boot',
      generated_by: 'llm: openai/writer',
    });
    // The written questions then evaluate like any others.
    const [scores] = await rows(`EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.llm_qa`);
    expect(scores).toMatchObject({ total: 3, total_found: 3 });
  });

  it("llm_relevancy asks the llm to judge each result, without the KB's reranking model", async () => {
    await ok(`CREATE TABLE files.rel_qa (SELECT * FROM (VALUES
      ('espresso machine with a steam wand', 'the espresso machine')) AS t(question, answer))`);
    const before = model.requests.length;
    const [scores] = await rows(
      `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.rel_qa, version = 'llm_relevancy', llm = ${llm()}`,
    );
    // One judgement per returned chunk (the KB holds three).
    expect(model.requests.length - before).toBe(3);
    expect(scores.avg_first_relevant_position).toBe(0);
    expect(scores.mean_mrr).toBe(1);
    expect(JSON.stringify(scores)).not.toContain(KEY);
  });

  it('with the local llm, questions stay extractive and say so; no request leaves', async () => {
    const before = model.requests.length;
    await ok(
      `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.local_qa, generate_data = {'count': 2}, ` +
        `evaluate = false, llm = {'provider': 'local'}`,
    );
    const qa = await rows('SELECT generated_by FROM files.local_qa');
    expect(qa.map((q: Record<string, unknown>) => q.generated_by)).toEqual([EXTRACTIVE, EXTRACTIVE]);
    expect(model.requests.length).toBe(before);
  });

  it('a failing llm is a clear error with the key masked, and nothing is written', async () => {
    model.setScript(() => ({ status: 401, json: { error: { message: `bad key ${KEY}` } } }));
    try {
      const gen = await t.sql(
        `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.failed_qa, generate_data = true, llm = ${llm()}`,
      );
      expect(gen.type).toBe('error');
      expect(gen.error_message).toMatch(
        /^The llm of EVALUATE \(openai\/writer\) could not write questions: .*401/,
      );
      expect(JSON.stringify(gen)).not.toContain(KEY);
      expect((await t.sql('SELECT * FROM files.failed_qa')).type).toBe('error');

      const judge = await t.sql(
        `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.rel_qa, version = 'llm_relevancy', llm = ${llm()}`,
      );
      expect(judge.type).toBe('error');
      expect(judge.error_message).toMatch(
        /^The llm of EVALUATE \(openai\/writer\) could not judge relevance: .*401/,
      );
      expect(JSON.stringify(judge)).not.toContain(KEY);

      model.setScript(() => textReply('I would rather not.'));
      const chatty = await t.sql(
        `EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.failed_qa, generate_data = true, llm = ${llm()}`,
      );
      expect(chatty.error_message).toMatch(/answered 3 times without the JSON object/);
    } finally {
      model.setScript(writerAndJudge);
    }
  });

  it('refuses an llm that is not a model object or names no known provider', async () => {
    const bad = async (value: string) =>
      (await t.sql(`EVALUATE KNOWLEDGE_BASE shop_kb USING test_table = files.rel_qa, llm = ${value}`))
        .error_message;
    expect(await bad("'gpt-4'")).toMatch(/^llm must be an object/);
    expect(await bad("{'provider': 'acme'}")).toMatch(/^llm needs a provider, one of local, openai, ollama/);
    expect(await bad("{'provider': 'openai', 'base_url': 'ftp://x'}")).toMatch(/^llm\.base_url:/);
  });

  it('reads the JSON a model writes, with or without fences and chatter', () => {
    expect(readQuestionJson('Sure! {"query": "q?", "reference_answer": "a"} Hope it helps {')).toEqual({
      query: 'q?',
      reference_answer: 'a',
    });
    expect(readQuestionJson('{"query": "", "reference_answer": "a"}')).toBeNull();
    expect(readQuestionJson('no json here')).toBeNull();
  });
});
