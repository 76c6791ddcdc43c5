import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { EXTRACTIVE } from './generate';
import { MAX_QUESTIONS } from './questions';

/** Five documents on distinct topics: a question in a topic's words should find its document first. */
const DOCS = [
  ['1', 'The waterproof hiking boot keeps feet dry in rain, snow and river crossings.'],
  ['2', 'Our espresso machine brews coffee with a fifteen bar pump and a steam wand for milk.'],
  ['3', 'The mechanical keyboard uses tactile switches and has a detachable braided cable.'],
  ['4', 'This tent sleeps four campers and packs down small for backpacking trips.'],
  ['5', 'The electric toothbrush runs for two weeks on one charge and has a pressure sensor.'],
];

describe('EVALUATE KNOWLEDGE_BASE', () => {
  let t: TestApp;
  const sql = async (query: string) => t.sql(query);
  const ok = (query: string) => t.sqlOk(query);
  const rows = (query: string) => t.sqlRows(query);

  beforeAll(async () => {
    t = await startTestApp();
    await ok(`CREATE KNOWLEDGE_BASE products_kb USING content_columns = ['body'], id_column = 'id'`);
    const values = DOCS.map(([id, body]) => `('${id}', '${body}')`).join(', ');
    await ok(`INSERT INTO products_kb (id, body) VALUES ${values}`);
    // Four questions that name their document's topic, one whose expected document is about something else.
    await ok(`CREATE TABLE files.qa (SELECT * FROM (VALUES
      ('boots that stay dry in rain and snow', '1', 'the hiking boot'),
      ('espresso coffee with a steam wand for milk', '2', 'the espresso machine'),
      ('keyboard with tactile switches', '3', 'the keyboard'),
      ('tent for four campers backpacking', '4', 'the tent'),
      ('tent for four campers backpacking', '5', 'not the toothbrush')) AS t(question, doc_id, answer))`);
  }, 60_000);
  afterAll(async () => t?.close());

  it("answers MindsDB's doc_id scores and ours, computed from what each question found", async () => {
    const [scores] = await rows(
      `EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, version = 'doc_id'`,
    );
    expect(scores).toMatchObject({ total: 5, name: 'products_kb' });
    // Every expected document is in a KB of five, with 20 chunks asked for: all are found somewhere.
    expect(scores.total_found).toBe(5);
    expect(scores.retrieved_in_top_10).toBe(5);
    const curve = JSON.parse(scores.cumulative_recall);
    expect(curve['19']).toBe(1);
    // The first four find their document first; the fifth does not (the tent comes first).
    expect(scores.hit_at_1).toBe(0.8);
    expect(scores.mrr).toBeGreaterThan(0.8);
    expect(scores.mrr).toBeLessThan(1);
    expect(scores.ndcg_at_10).toBeGreaterThan(0.8);
    expect(scores.recall_at_k).toBe(1);
    expect(typeof scores.id).toBe('string');
  });

  it('saves the scores to save_to (added row by row) and the questions to save_questions_to', async () => {
    const run = `EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, save_to = files.eval_results,
      save_questions_to = files.eval_questions, limit = 1`;
    await ok(run);
    await ok(run);
    const saved = await rows('SELECT total, k, name FROM files.eval_results');
    expect(saved).toEqual([
      { total: 5, k: 1, name: 'products_kb' },
      { total: 5, k: 1, name: 'products_kb' },
    ]);
    const questions = await rows(
      'SELECT question, expected, rank, found FROM files.eval_questions ORDER BY expected',
    );
    expect(questions).toHaveLength(5);
    expect(questions[0]).toMatchObject({ expected: '1', rank: 1, found: true });
    expect(questions[4]).toMatchObject({ expected: '5', found: false, rank: null });
  });

  it('generates extractive questions from the chunks, says so, and evaluates them', async () => {
    const made = await ok(
      `EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.generated, generate_data = {'count': 3}, evaluate = false`,
    );
    expect(made).toMatchObject({ type: 'ok', affected_rows: 3 });
    const generated = await rows('SELECT question, doc_id, text, generated_by FROM files.generated');
    expect(generated).toHaveLength(3);
    for (const g of generated) {
      expect(g.generated_by).toBe(EXTRACTIVE);
      expect(g.text).toContain(g.question);
      expect(DOCS.map((d) => d[0])).toContain(String(g.doc_id));
    }
    const [scores] = await rows(`EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.generated`);
    expect(scores.total).toBe(3);
    // A sentence taken word for word from a document finds that document first.
    expect(scores.hit_at_1).toBe(1);
  });

  it('scores llm_relevancy with the reranking model', async () => {
    await ok(`CREATE KNOWLEDGE_BASE reranked_kb USING content_columns = ['body'], id_column = 'id',
      reranking_model = {"provider": "local"}`);
    await ok(
      `INSERT INTO reranked_kb (id, body) VALUES ${DOCS.map(([id, b]) => `('${id}', '${b}')`).join(', ')}`,
    );
    const [scores] = await rows(
      `EVALUATE KNOWLEDGE_BASE reranked_kb USING test_table = files.qa, version = 'llm_relevancy'`,
    );
    expect(scores.total).toBe(5);
    expect(JSON.parse(scores.hit_at_k)).toHaveLength(5);
    expect(scores.avg_relevancy).toBeGreaterThan(0);
    expect(scores.mean_mrr).toBeGreaterThan(0);
    const noReranker = await sql(
      `EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, version = 'llm_relevancy'`,
    );
    expect(noReranker.error_message).toMatch(/reranking_model; 'products_kb' has none/);
  });

  it('names what is wrong with the input', async () => {
    await ok(`CREATE VIEW empty_qa AS SELECT 'q' AS question, '1' AS doc_id FROM files.qa WHERE false`);
    await ok(`CREATE TABLE files.no_doc (SELECT 'q' AS question, 'x' AS other)`);
    await ok(
      `CREATE TABLE files.bad_ids (SELECT * FROM (VALUES ('q1', '1'), ('q2', '404'), ('q3', 'nope')) AS t(question, doc_id))`,
    );
    const cases: [string, RegExp][] = [
      ['EVALUATE KNOWLEDGE_BASE products_kb', /needs test_table/],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, colour = 1',
        /Unknown EVALUATE parameter 'colour'/,
      ],
      [
        "EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, version = 'v9'",
        /version must be 'doc_id' or 'llm_relevancy'/,
      ],
      ['EVALUATE KNOWLEDGE_BASE products_kb USING test_table = qa', /<database>.<table>/],
      ['EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.missing', /missing/i],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = mindsdb.empty_qa',
        /mindsdb.empty_qa has no rows/,
      ],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.no_doc',
        /needs the column doc_id .*it has: question, other/,
      ],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.bad_ids',
        /2 doc_id values are not in knowledge base 'products_kb': '404', 'nope'/,
      ],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, save_to = mindsdb.results',
        /save_to must name a file table/,
      ],
      [
        "EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.g2, generate_data = {'count': 100000}",
        /count must be a whole number from 1 to 1,000/,
      ],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, limit = 0',
        /limit must be a whole number from 1 to 100/,
      ],
      [
        'EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.qa, hybrid_search_alpha = 2',
        /hybrid_search_alpha must be a number from 0 to 1/,
      ],
      ['EVALUATE KNOWLEDGE_BASE nowhere_kb USING test_table = files.qa', /nowhere_kb/],
    ];
    for (const [query, message] of cases) {
      const r = await sql(query);
      expect(r.type, query).toBe('error');
      expect(r.error_message, query).toMatch(message);
    }
    expect(MAX_QUESTIONS).toBe(2_000);
  });

  it('refuses a test table of more questions than the limit, naming it', async () => {
    await ok(
      `CREATE TABLE files.huge (SELECT 'q' || range AS question, '1' AS doc_id FROM range(${MAX_QUESTIONS + 1}))`,
    );
    const r = await sql('EVALUATE KNOWLEDGE_BASE products_kb USING test_table = files.huge');
    expect(r.error_message).toMatch(/more than 2,000 questions/);
  });

  it('runs evaluations over REST with progress, keeps them, and sets the search defaults', async () => {
    const base = '/api/projects/mindsdb/knowledge_bases/products_kb';
    const settings = [
      { mode: 'semantic', rerank: false, limit: 5 },
      { mode: 'keyword', rerank: false, limit: 5 },
    ];
    const started = await t.inject({
      method: 'POST',
      url: `${base}/evaluations`,
      payload: { test_table: 'files.qa', settings },
    });
    expect(started.statusCode).toBe(202);
    const { ids, questions } = started.json();
    expect(ids).toHaveLength(2);
    expect(questions).toBe(5);
    const finished = async (id: string) => {
      for (;;) {
        const one = (await t.inject({ url: `${base}/evaluations/${id}` })).json();
        if (one.state !== 'running') return one;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const [first, second] = [await finished(ids[0]), await finished(ids[1])];
    expect(first).toMatchObject({ state: 'done', settings: settings[0], test_table: 'files.qa' });
    expect(second).toMatchObject({ state: 'done', settings: settings[1] });
    expect(first.questions).toHaveLength(5);
    const missed = first.questions.find((q: { expected: string[] }) => q.expected[0] === '5');
    expect(missed.rank).not.toBe(1);
    expect(missed.retrieved[0].id).toBe('4');
    const listed = (await t.inject({ url: `${base}/evaluations` })).json();
    expect(listed.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(ids));
    expect(listed[0]).not.toHaveProperty('questions');

    const put = await t.inject({ method: 'PUT', url: `${base}/search_defaults`, payload: settings[1] });
    expect(put.statusCode).toBe(200);
    expect((await t.inject({ url: `${base}/search_defaults` })).json()).toEqual(settings[1]);
    // A search that does not say how to search now uses them: keyword only (no vector share), top 5.
    const searched = await rows(`SELECT id, relevance FROM products_kb WHERE content = 'espresso'`);
    expect(searched).toHaveLength(5);
    expect(searched[0]).toEqual({ id: '2', relevance: 1 });
    expect(searched[1].relevance).toBe(0);
    // What a search says still wins.
    expect(
      await rows(`SELECT id FROM products_kb WHERE content = 'espresso' AND hybrid_search = false LIMIT 2`),
    ).toHaveLength(2);
    const semantic = await rows(
      `SELECT relevance FROM products_kb WHERE content = 'espresso' AND hybrid_search = false`,
    );
    expect(semantic[1].relevance).toBeGreaterThan(0);
    await t.inject({ method: 'PUT', url: `${base}/search_defaults`, payload: { ...settings[1], limit: 2 } });
    expect(await rows(`SELECT id FROM products_kb WHERE content = 'espresso'`)).toHaveLength(2);
    const bad = await t.inject({
      method: 'PUT',
      url: `${base}/search_defaults`,
      payload: { mode: 'psychic' },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.inject({
      method: 'POST',
      url: `${base}/evaluations`,
      payload: { test_table: 'files.qa', settings: [] },
    });
    expect(none.statusCode).toBe(400);
  });

  it('takes an llm over REST: it judges llm_relevancy for a KB without a reranking model, and is not kept', async () => {
    const url = '/api/projects/mindsdb/knowledge_bases/products_kb/evaluations';
    const payload = {
      test_table: 'files.qa',
      version: 'llm_relevancy',
      settings: [{ mode: 'semantic', rerank: false, limit: 5 }],
    };
    const without = await t.inject({ method: 'POST', url, payload });
    expect(without.statusCode).toBe(400);
    expect(without.json().detail).toMatch(/llm_relevancy.*llm given/);

    const llm = { provider: 'local', api_key: 'sk-never-kept-4711' };
    const started = await t.inject({ method: 'POST', url, payload: { ...payload, llm } });
    expect(started.statusCode).toBe(202);
    const [id] = started.json().ids as string[];
    let run = (await t.inject({ url: `${url}/${id}` })).json();
    while (run.state === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      run = (await t.inject({ url: `${url}/${id}` })).json();
    }
    expect(run).toMatchObject({ state: 'done', version: 'llm_relevancy', error: null });
    expect(run.questions).toHaveLength(5);
    expect(run.questions[0].retrieved[0].relevance).toEqual(expect.any(Number));
    const kept = JSON.stringify([run, (await t.inject({ url })).json()]);
    expect(kept).not.toContain('sk-never-kept-4711');

    const wrong = await t.inject({
      method: 'POST',
      url,
      payload: { ...payload, llm: { provider: 'psychic', api_key: 'sk-never-kept-4711' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/llm needs a provider, one of .*local/);
    expect(wrong.body).not.toContain('sk-never-kept-4711');
  });
});
