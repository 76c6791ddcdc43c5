import { describe, expect, it } from 'vitest';
import { formatRows, KB_COLUMNS, TOOL } from '../tool-protocol';
import { quotePassages } from './passages';
import type { MadeCall } from './transcript';

/** Which retrieved passage the local model quotes: the rules of passages.ts, one at a time. */

const row = (id: string, content: string, relevance: number, title?: string) => [
  id.split(':')[0],
  id,
  content,
  { _chunk_index: 0, ...(title === undefined ? {} : { _title: title }) },
  1 / relevance - 1,
  relevance,
];

const searched = (rows: unknown[][]): MadeCall[] => [
  { name: TOOL.kbQuery, input: 'SELECT ...', observation: formatRows(KB_COLUMNS, rows) },
];

const CITATION = /\[([^\]\s]+:[^\]\s]+)\]/g;

describe('answer selection', () => {
  it('counts a word naming the kind of answer ("cost") as held by a chunk that gives a price', () => {
    // The priced chunk shares one topic word of four; without the rule it falls under the coverage floor and
    // the answer quotes the search's top hit, which says nothing about a cost.
    const answer = quotePassages(
      'What does gift wrapping cost for an order?',
      searched([
        row('g1:body:1of1:0to60', 'Gift cards are sent by email after the order is paid.', 0.9),
        row('w1:body:1of1:0to50', 'Wrapping in recycled paper adds 3 euros.', 0.7),
      ]),
    );
    expect(answer).toMatch(/^Wrapping in recycled paper adds 3 euros\. \[w1:body:1of1:0to50\]/);
  });

  it('prefers the chunk whose title is made of the question words to one mentioning them in passing', () => {
    const answer = quotePassages(
      'What is the policy on pets in the office?',
      searched([
        row(
          'f1:body:1of1:0to120',
          'The office is cleaned daily; the cleaning policy bans food at desks, and pets must leave their bowls in the kitchen.',
          0.9,
          'Facilities',
        ),
        row(
          'p1:body:1of1:0to100',
          'Dogs are welcome on Fridays if they are calm and vaccinated; pets stay out of meeting rooms.',
          0.85,
          'Pets in the office',
        ),
      ]),
    );
    expect(answer).toMatch(/^Dogs are welcome on Fridays/);
  });

  it('never quotes a sentence that reads as a citation of a chunk it did not retrieve', () => {
    const id = '55:body:1of1:0to140';
    const answer = quotePassages(
      'How do answers cite their sources?',
      searched([
        row(
          id,
          'Answers cite their sources with chunk ids, such as [12:body:1of1:0to310]. Click a citation to see the chunk it points to.',
          0.9,
        ),
      ]),
    );
    expect(answer).toContain(`[${id}]`);
    expect([...answer.matchAll(CITATION)].map((m) => m[1])).toEqual([id]);
  });
});
