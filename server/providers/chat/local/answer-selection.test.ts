import { describe, expect, it } from 'vitest';
import { TOOL } from '../tool-protocol';
import { formatRows } from '../../../../protocol/tool-observation';
import { KB_SEARCH_COLUMNS } from '../../../../protocol/kb-search';
import { quotePassages, rankChunks, retrievedChunks } from './passages';
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
  { name: TOOL.kbQuery, input: 'SELECT ...', observation: formatRows(KB_SEARCH_COLUMNS, rows) },
];

const CITATION = /\[([^\]\s]+:[^\]\s]+)\]/g;

/** The chunk ranked first, before the answer decides whether it holds enough of the question to be quoted. */
const rankedFirst = (question: string, calls: MadeCall[]) =>
  rankChunks(question, retrievedChunks(calls)).ranked[0]?.chunk.chunkId;

describe('answer selection', () => {
  it('counts a word naming the kind of answer ("cost") as held by a chunk that gives a price', () => {
    // The priced chunk shares one topic word of four; without the rule it falls under the coverage floor and
    // the answer quotes the search's top hit, which says nothing about a cost.
    const answer = quotePassages(
      'What does gift wrapping cost?',
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

  it("chooses among the search's top hits, not a low-ranked chunk that merely shares more words", () => {
    // The 7th hit is titled with the question's words and holds all of them; the top hit answers in other
    // words. Without the rule the heading and the coverage lift the 7th hit over the search's own choice.
    const filler = Array.from({ length: 5 }, (_, i) =>
      row(`x${i}:body:1of1:0to40`, `Gift cards are sold in the shop number ${i}.`, 0.5 - i * 0.02),
    );
    const first = rankedFirst(
      'Can I change the delivery address of my order?',
      searched([
        row(
          'a1:body:1of1:0to90',
          'Orders not yet packed can be sent elsewhere: write to support with the new address.',
          0.9,
        ),
        ...filler,
        row(
          'd7:body:1of1:0to80',
          'Delivery address changes of an order are listed in your account history.',
          0.3,
          'Change the delivery address of an order',
        ),
      ]),
    );
    expect(first).toBe('a1:body:1of1:0to90');
  });

  it('does not count a particle ("out") as a word the question is about', () => {
    // "out" is held by the top hit's title and text; the question is about being kicked. Were "out" a term,
    // the top hit would hold half the question and, ranked first, be quoted.
    const answer = quotePassages(
      'Why was I kicked out?',
      searched([
        row(
          's1:body:1of1:0to70',
          'Signing out. Click your name, then Sign out; sign in again at any time.',
          0.9,
          'Signing out',
        ),
        row(
          'k1:body:1of1:0to80',
          'Kicked from a session. Idle sessions are closed by the server after an hour.',
          0.8,
          'Kicked from a session',
        ),
      ]),
    );
    expect(answer).toMatch(/^Kicked from a session\./);
  });

  it('answers a how-to question from a chunk whose heading names an action on what it asks about', () => {
    // The first hit's title is made of the question's words ("Which reports are scheduled"), the second is a
    // how-to about reports; neither holds an instruction. Without the rule the first hit's title wins.
    const answer = quotePassages(
      'How can a colleague get the weekly report?',
      searched([
        row(
          'w1:body:1of1:0to80',
          'Which reports are scheduled. The weekly report is built every Monday from the sales table.',
          0.9,
          'Which reports are scheduled',
        ),
        row(
          'r1:body:1of1:0to90',
          'Sharing reports. A report is shared by its link; a colleague with the link sees the report.',
          0.8,
          'Sharing reports',
        ),
      ]),
    );
    expect(answer).toMatch(/^Sharing reports\./);
  });

  it("lifts a how-to chunk whose heading names the question's own action, whatever it acts on", () => {
    // "Deleting an exported report" acts on something exported; "Exporting a report" names the action asked
    // for. Were only what a heading acts on compared, the first would be lifted alone and quoted.
    const first = rankedFirst(
      'How can I export my spreadsheet?',
      searched([
        row(
          'd1:body:1of1:0to80',
          'Deleting an exported report. Click Delete next to the exported report in the list.',
          0.9,
          'Deleting an exported report',
        ),
        row(
          'e1:body:1of1:0to80',
          'Exporting a report. Click Export in the report toolbar and choose CSV or JSON.',
          0.85,
          'Exporting a report',
        ),
      ]),
    );
    expect(first).toBe('e1:body:1of1:0to80');
  });

  it('does not lift a how-to chunk whose heading names an action on something else', () => {
    // "Deleting a project" names an action ("drop" is "delete") on a project, not on matches: the search's
    // first hit, about matches, stays the answer. Both hold an instruction; were any action heading lifted,
    // the second would win.
    const first = rankedFirst(
      'How do I drop weak matches from a search?',
      searched([
        row(
          'm1:body:1of1:0to90',
          'Relevance of matches. Each search match has a relevance. Add relevance >= 0.5 to a search to keep strong matches only.',
          0.9,
          'Relevance of matches',
        ),
        row(
          'p1:body:1of1:0to60',
          'Deleting a project. Drop a project with DROP PROJECT; its searches go too.',
          0.85,
          'Deleting a project',
        ),
      ]),
    );
    expect(first).toBe('m1:body:1of1:0to90');
  });

  it('refuses when the best chunk lacks what the question asks and nothing retrieved speaks of it', () => {
    // "maximum" and "size" are in no retrieved chunk: the article on uploading says nothing of sizes.
    const calls = searched([
      row('u1:body:1of1:0to70', 'Uploading a file. Click upload, choose a file and name the table.', 0.9),
      row('f1:body:1of1:0to60', 'File formats. You can upload CSV, JSON and Parquet files.', 0.8),
    ]);
    const question = 'What is the maximum size of a file I can upload?';
    expect(rankedFirst(question, calls)).toBe('u1:body:1of1:0to70');
    expect(quotePassages(question, calls)).toBe('');
  });

  it('answers when what the best chunk leaves out is held by another retrieved chunk', () => {
    // "csv" is in the formats chunk, not in the how-to the answer quotes: a detail left out, not a fact unknown.
    const answer = quotePassages(
      'How do I upload a CSV file?',
      searched([
        row('u1:body:1of1:0to70', 'Uploading a file. Click upload, choose a file and name the table.', 0.9),
        row('f1:body:1of1:0to60', 'File formats. You can upload CSV, JSON and Parquet files.', 0.8),
      ]),
    );
    expect(answer).toMatch(/\[u1:body:1of1:0to70\]/);
  });

  it('refuses when the best chunk holds under two thirds of the question, even if the rest is found elsewhere', () => {
    // The chunk is on the topic (the locker and the key) but says nothing of a deposit or a refund: the two
    // words other chunks hold are what the question asks, not details the answer may leave out.
    const calls = searched([
      row('l1:body:1of1:0to70', 'Lockers. Every member gets a locker key at the front desk.', 0.9),
      row('d1:body:1of1:0to60', 'A deposit is taken for towels.', 0.6),
      row('r1:body:1of1:0to60', 'Refunds of membership fees take a week.', 0.5),
    ]);
    const question = 'Is the locker key deposit refunded?';
    expect(rankedFirst(question, calls)).toBe('l1:body:1of1:0to70');
    expect(quotePassages(question, calls)).toBe('');
  });

  it('answers "how many" with a count of what the question counts, not with any number', () => {
    const question = 'How many seats does the meeting room have?';
    // "seats" is held by a lower hit, so it counts once: the number must be what decides.
    const anyNumber = searched([
      row('m1:body:1of1:0to60', 'Meeting room. Book the meeting room 2 days ahead.', 0.9),
      row('h1:body:1of1:0to40', 'Seats in the hall are not numbered.', 0.5),
    ]);
    expect(quotePassages(question, anyNumber)).toBe('');
    const seats = searched([row('m2:body:1of1:0to40', 'Meeting room. The meeting room seats 12.', 0.9)]);
    expect(quotePassages(question, seats)).toMatch(/\[m2:body:1of1:0to40\]/);
  });

  it('counts "cost" as held only when the priced sentence is about what the question prices', () => {
    const question = 'How much does a leather strap cost?';
    // The chunk is about leather straps, but the price it gives is a battery change's.
    const otherPrice = searched([
      row(
        's1:body:1of1:0to80',
        'Straps. Every watch comes with a leather strap. A battery change is 15 euros.',
        0.9,
      ),
    ]);
    expect(quotePassages(question, otherPrice)).toBe('');
    const strapPrice = searched([row('s2:body:1of1:0to50', 'Straps. A new leather strap is 25 euros.', 0.9)]);
    expect(quotePassages(question, strapPrice)).toMatch(/25 euros\. \[s2:body:1of1:0to50\]/);
  });

  it('reads "what do the notes say?" as a question about the notes: "say" asks, as "tell" does', () => {
    const answer = quotePassages(
      'What do the refund notes say?',
      searched([row('n1:body:1of1:0to50', 'Refund notes: refunds are paid within five days.', 0.9)]),
    );
    expect(answer).toMatch(/five days\. \[n1:body:1of1:0to50\]/);
  });
});
