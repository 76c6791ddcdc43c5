import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

/** The local agent on the real server: search through SQL on LanceDB, then the extractive answer. */
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
  const agent = await t.inject({
    method: 'POST',
    url: '/api/projects/mindsdb/agents',
    payload: {
      agent: {
        name: 'refunds_agent',
        model: { provider: 'local' },
        data: { knowledge_bases: ['mindsdb.refunds_kb'] },
      },
    },
  });
  expect(agent.statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await t?.close();
});

const ask = async (question: string) =>
  (
    await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/refunds_agent/completions',
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
