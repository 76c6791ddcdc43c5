import { describe, expect, it } from 'vitest';
import { TOOL } from '../tool-protocol';
import { formatRows } from '../../../../protocol/tool-observation';
import { KB_SEARCH_COLUMNS } from '../../../../protocol/kb-search';
import type { ChatMessage, ChatRequest, ToolSpec } from '../types';
import { LocalChat } from './index';
import { stem, terms } from './text';

const spec = (name: string): ToolSpec => ({ name, description: '', parameters: {} });
const KB_TOOLS = [spec(TOOL.kbList), spec(TOOL.kbQuery)];
const ALL_TOOLS = [...KB_TOOLS, spec(TOOL.listTables), spec(TOOL.schema), spec(TOOL.query)];

const chunk = (id: string, content: string, relevance: number) => [
  id.split(':')[0],
  id,
  content,
  { _chunk_index: 0, _source: 'TextChunkingPreprocessor' },
  1 / relevance - 1,
  relevance,
];

/** Plays the runner: asks the model, answers its tool calls from `observe`, until it answers. */
async function converse(
  question: string,
  tools: ToolSpec[],
  observe: (tool: string, input: string) => string,
  history: ChatMessage[] = [],
) {
  const model = new LocalChat();
  const messages: ChatMessage[] = [
    { role: 'system', content: 'x' },
    ...history,
    { role: 'user', content: question },
  ];
  const calls: { tool: string; input: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const request: ChatRequest = { messages, tools };
    const turn = await model.complete(request);
    if (turn.toolCalls.length === 0) return { answer: turn.content, calls };
    messages.push({ role: 'assistant', content: turn.content, toolCalls: turn.toolCalls });
    for (const c of turn.toolCalls) {
      const input = String(Object.values(c.arguments)[0] ?? '');
      calls.push({ tool: c.name, input });
      messages.push({ role: 'tool', toolCallId: c.id, name: c.name, content: observe(c.name, input) });
    }
  }
  throw new Error('the local model did not finish');
}

const HELP = formatRows(KB_SEARCH_COLUMNS, [
  chunk(
    '7:body:1of1:0to120',
    'Uploads are easy. Click the upload button and choose a CSV file to upload it as a table.',
    0.8,
  ),
  chunk('9:body:1of1:0to90', 'Agents answer questions. They cite chunk ids.', 0.6),
]);

describe('local chat model', () => {
  it('lists knowledge bases, searches them with the question, and answers with cited retrieved sentences', async () => {
    const { answer, calls } = await converse('How do I upload a CSV file?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["mindsdb.help_kb"]' : HELP,
    );
    expect(calls).toEqual([
      { tool: TOOL.kbList, input: '' },
      {
        tool: TOOL.kbQuery,
        input:
          "SELECT * FROM mindsdb.help_kb WHERE content = 'How do I upload a CSV file?' AND hybrid_search = true LIMIT 10",
      },
    ]);
    expect(answer).toBe(
      'Uploads are easy. Click the upload button and choose a CSV file to upload it as a table. [7:body:1of1:0to120]',
    );
  });

  it('quotes only the matching sentences of a long chunk, and the best sentence of a close runner-up', async () => {
    const filler = 'Nothing here concerns the question at all, it is only padding text. '.repeat(12);
    const long = `${filler}Refunds are paid within five days. ${filler}Refund requests need an order number.`;
    const observation = formatRows(KB_SEARCH_COLUMNS, [
      chunk('r1:body:1of1:0to1700', long, 0.7),
      chunk('r2:body:1of1:0to60', 'Refunds paid by card take five days to appear.', 0.6),
      chunk('r3:body:1of1:0to40', 'Shipping is free over fifty pounds.', 0.9),
    ]);
    const { answer } = await converse('How many days until refunds are paid?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["p.kb"]' : observation,
    );
    // The search ranked r1 first and both answer: its order stands.
    expect(answer).toBe(
      'Refunds are paid within five days. Refund requests need an order number. [r1:body:1of1:0to1700]\n\n' +
        'Refunds paid by card take five days to appear. [r2:body:1of1:0to60]',
    );
  });

  it('answers from the top hit when every hit shares the question word and none repeats the rest', async () => {
    // "refund" is in every chunk and "long"/"take" in none: weighing words by their rarity among the hits
    // left nothing to match, and the answer was a refusal.
    const observation = formatRows(KB_SEARCH_COLUMNS, [
      chunk(
        '1:body:1of1:0to72',
        'Refunds are paid within 14 days of the returned item reaching our store.',
        0.9,
      ),
      chunk('2:body:1of1:0to40', 'Refunds for gift cards are not possible.', 0.7),
      chunk('3:body:1of1:0to50', 'A refund is issued to the card used for the order.', 0.6),
    ]);
    const { answer } = await converse('How long do refunds take?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["shop.kb"]' : observation,
    );
    expect(answer).toBe(
      'Refunds are paid within 14 days of the returned item reaching our store. [1:body:1of1:0to72]',
    );
  });

  it('quotes the hits when all of them share every question word', async () => {
    const reviews = Array.from({ length: 10 }, (_, i) =>
      chunk(
        `r${i}:body:1of1:0to60`,
        `Customer ${i} review: the strap gave me a rash on my wrist.`,
        0.9 - i * 0.01,
      ),
    );
    const { answer } = await converse('Which reviews mention the strap giving a rash?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["shop.kb"]' : formatRows(KB_SEARCH_COLUMNS, reviews),
    );
    expect(answer).toMatch(
      /^Customer 0 review: the strap gave me a rash on my wrist\. \[r0:body:1of1:0to60\]/,
    );
  });

  it('answers a how-to question with the instruction rather than the chunk sharing most words', async () => {
    const observation = formatRows(KB_SEARCH_COLUMNS, [
      chunk(
        '13:body:1of1:0to80',
        'You can upload CSV, JSON and Parquet files. CSV files need a header row.',
        0.9,
      ),
      chunk('12:body:1of1:0to70', 'Click the upload button, choose a file and give the table a name.', 0.85),
    ]);
    const { answer } = await converse('How do I upload a CSV file?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["mindsdb.help_kb"]' : observation,
    );
    expect(answer).toMatch(/^Click the upload button, choose a file and give the table a name\. \[12:/);
  });

  it('says so when nothing relevant was retrieved, and never invents', async () => {
    const { answer } = await converse('What is the refund policy for hotels?', KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["mindsdb.help_kb"]' : HELP,
    );
    expect(answer).toBe('I could not find anything about that in the data I can search.');
  });

  it('counts rows of the table a question names', async () => {
    const { answer, calls } = await converse('How many orders are there?', ALL_TOOLS, (tool) => {
      if (tool === TOOL.kbList) return '[]';
      if (tool === TOOL.listTables) return 'files.orders, files.customers';
      return formatRows(['count'], [[42]]);
    });
    // A sample row first, for the columns a value of the question could be in (it names none).
    expect(calls.map((c) => c.tool)).toEqual([TOOL.kbList, TOOL.listTables, TOOL.query, TOOL.query]);
    expect(calls[2].input).toBe('SELECT * FROM files.orders LIMIT 1');
    expect(calls[3].input).toBe('SELECT count(*) AS count FROM files.orders');
    expect(answer).toBe('files.orders holds 42 rows (`SELECT count(*) AS count FROM files.orders`).');
  });

  it('counts with the WHERE a value of the question implies, quoting the column as one name', async () => {
    const { answer, calls } = await converse(
      'How many orders are from the north region?',
      ALL_TOOLS,
      (tool, input) => {
        if (tool === TOOL.kbList) return '[]';
        if (tool === TOOL.listTables) return 'files.orders';
        if (input.endsWith('LIMIT 1')) return formatRows(['id', 'sales.region'], [[1, 'North']]);
        if (input.startsWith('SELECT sum(CASE')) return formatRows(['m0'], [[7]]);
        return formatRows(['count'], [[7]]);
      },
    );
    expect(calls.map((c) => c.input).slice(2)).toEqual([
      'SELECT * FROM files.orders LIMIT 1',
      "SELECT sum(CASE WHEN lower(`sales.region`) = 'north' THEN 1 ELSE 0 END) AS m0 FROM files.orders",
      "SELECT count(*) AS count FROM files.orders WHERE lower(`sales.region`) = 'north'",
    ]);
    expect(answer).toBe(
      "7 rows of files.orders match (`SELECT count(*) AS count FROM files.orders WHERE lower(`sales.region`) = 'north'`).",
    );
  });

  it('lists rows as a Markdown table', async () => {
    const { answer, calls } = await converse('List the customers', ALL_TOOLS, (tool) => {
      if (tool === TOOL.kbList) return '[]';
      if (tool === TOOL.listTables) return 'files.orders, files.customers';
      return formatRows(
        ['id', 'name'],
        [
          [1, 'Ann'],
          [2, 'Bo | Co'],
        ],
      );
    });
    expect(calls[2].input).toBe('SELECT * FROM files.customers LIMIT 20');
    expect(answer).toContain('| id | name |\n| --- | --- |\n| 1 | Ann |\n| 2 | Bo \\| Co |');
  });

  it('searches with the previous question too when a follow-up is too short to stand alone', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'How do I upload a file?' },
      { role: 'assistant', content: 'Click the upload button.' },
    ];
    const { calls } = await converse(
      'and a CSV?',
      KB_TOOLS,
      (tool) => (tool === TOOL.kbList ? '["p.kb"]' : HELP),
      history,
    );
    expect(calls[1].input).toContain("content = 'How do I upload a file? and a CSV?'");
  });

  it('quotes names and strings so that the search is valid SQL', async () => {
    const { calls } = await converse("What's `new`?", KB_TOOLS, (tool) =>
      tool === TOOL.kbList ? '["Sales.from"]' : HELP,
    );
    expect(calls[1].input).toBe(
      "SELECT * FROM `Sales`.`from` WHERE content = 'What''s `new`?' AND hybrid_search = true LIMIT 10",
    );
  });

  it('answers plainly when it has no tools at all', async () => {
    const { answer, calls } = await converse('Hello?', [], () => '');
    expect(calls).toEqual([]);
    expect(answer).toMatch(/no knowledge bases or tables/);
  });
});

describe('terms', () => {
  it('drops stop words and folds common endings', () => {
    expect(terms('How do I upload the files?')).toEqual(['upload', 'file']);
    expect(stem('queries')).toBe(stem('query'));
    expect(stem('uploading')).toBe(stem('upload'));
    // Porter's stemmer, not a list of endings: the doubled consonant and -ation/-ated forms meet.
    expect(stem('cancelled')).toBe(stem('cancel'));
    expect(stem('irritated')).toBe(stem('irritation'));
  });
});
