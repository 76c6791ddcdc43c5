import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

/**
 * The local agent on the real server: search through SQL on LanceDB, then the extractive answer; and counts
 * by SQL with the WHERE the question implies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.sqlOk(`CREATE KNOWLEDGE_BASE refunds_kb USING content_columns = ['body'], id_column = 'id'`);
  // Every chunk mentions refunds: the question's one topic word tells them apart by nothing.
  await t.sqlOk(
    'INSERT INTO refunds_kb (id, body) VALUES ' +
      "(1, 'Refunds are paid within 14 days of the returned item reaching our store.'), " +
      "(2, 'Refunds for gift cards are not possible.'), " +
      "(3, 'A refund is issued to the card used for the order.'), " +
      "(4, 'Ask for a refund from the order page.')",
  );
  const rows = Array.from({ length: 20 }, (_, i) => {
    const category = i % 4 === 0 ? 'Kitchen' : i % 4 === 1 ? 'Garden' : 'Office';
    return `${i + 1},Product ${i + 1},${category},${(i + 1) * 3}`;
  });
  await t.putFile('products', 'products.csv', `id,name,category,price\n${rows.join('\n')}\n`);
  for (const [name, data] of [
    ['refunds_agent', { knowledge_bases: ['mindsdb.refunds_kb'] }],
    ['shop_agent', { tables: ['files.products'] }],
  ] as const) {
    const agent = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name, model: { provider: 'local' }, data } },
    });
    expect(agent.statusCode).toBeLessThan(300);
  }
});
afterAll(async () => {
  await t?.close();
});

const ask = async (question: string, agent = 'refunds_agent') =>
  (
    await t.inject({
      method: 'POST',
      url: `/api/projects/mindsdb/agents/${agent}/completions`,
      payload: { messages: [{ question, answer: '' }] },
    })
  ).json().message.content as string;

describe('the local agent over a knowledge base', () => {
  it('answers from the chunk that holds the answer when every hit shares the question word', async () => {
    const answer = await ask('How long do refunds take?');
    expect(answer).toMatch(
      /^Refunds are paid within 14 days of the returned item reaching our store\. \[1:body:1of1:0to72\]/,
    );
  });

  it('still refuses a question nothing retrieved speaks to', async () => {
    expect(await ask('Who won the football world cup in 1966?')).toBe(
      'I could not find anything about that in the data I can search.',
    );
  });
});

describe('the local agent counting rows', () => {
  it('counts only the rows the question names a value of, not the whole table', async () => {
    const answer = await ask('How many products are in the kitchen category?', 'shop_agent');
    expect(answer).toMatch(
      /^5 rows of files\.products match \(`SELECT count\(\*\) AS count FROM files\.products WHERE lower\(category\) = 'kitchen'`\)/,
    );
  });

  it('counts the whole table when the question names no value', async () => {
    expect(await ask('How many products are there?', 'shop_agent')).toMatch(/^files\.products holds 20 rows/);
  });

  it('adds up the number column a question names, over the rows it names a value of', async () => {
    expect(await ask('What is the total price of the kitchen products?', 'shop_agent')).toMatch(
      /^The sum over the matching rows of files\.products is 135 \(`SELECT sum\(price\) AS sum FROM files\.products WHERE lower\(category\) = 'kitchen'`\)/,
    );
  });

  it('gives no count when a value of the question is in no column', async () => {
    const answer = await ask('How many products are in the bathroom category?', 'shop_agent');
    expect(answer).not.toMatch(/\d+ rows/);
    expect(answer).not.toContain('holds');
  });
});
