import { describe, expect, it } from 'vitest';
import { TOOL } from '../tool-protocol';
import { formatRows } from '../../../../protocol/tool-observation';
import { KB_SEARCH_COLUMNS } from '../../../../protocol/kb-search';
import { answerCue, kindWords } from './cues';
import { quotePassages } from './passages';
import type { MadeCall } from './transcript';

/**
 * Answer types beyond durations and prices: a version, an address, a key combination, a measure, a formula.
 * The wording of the question names the kind; a sentence of that kind on the question's topic holds the
 * words naming it, so a passage that states "Python 3.11 or newer" answers "which version of Python", and one
 * that states no version does not.
 */

const row = (id: string, content: string, relevance: number) => [
  id.split(':')[0],
  id,
  content,
  { _chunk_index: 0 },
  1 / relevance - 1,
  relevance,
];

const searched = (rows: unknown[][]): MadeCall[] => [
  { name: TOOL.kbQuery, input: 'SELECT ...', observation: formatRows(KB_SEARCH_COLUMNS, rows) },
];

const REFUSED = '';

describe('answer kinds', () => {
  it.each([
    ['Which version of Python does the tool require?', 'The tool requires Python 3.11 or newer.', true],
    ['Which version of Python does the tool require?', 'The tool requires Python and pip.', false],
    [
      'Which version of the agent is needed?',
      'The agent listens at http://127.0.0.1:8080 by default.',
      false,
    ],
    ['Which version of the agent is needed?', 'Install agent v2.4 first.', true],
    ['At what address does the mail relay listen?', 'The mail relay listens on smtp.example.org:2525.', true],
    ['At what address does the mail relay listen?', 'The mail relay listens for messages.', false],
    ['Which shortcut saves the drawing?', 'Press Ctrl+S to save the drawing.', true],
    ['Which shortcut saves the drawing?', 'Click Save to save the drawing.', false],
    ['How deep can the drone dive?', 'The drone can dive to 40 metres.', true],
    ['How deep can the drone dive?', 'The drone can dive in one row of waves.', false],
    ['How long can a label name be?', 'A label name holds at most 40 characters.', true],
    ['How is the score calculated?', 'The score is 2 * hits + misses.', true],
    ['How is the score calculated?', 'The score is shown on the page.', false],
  ])('"%s" is answered by "%s": %s', (question, sentence, answers) => {
    const cue = answerCue(question);
    expect(cue).not.toBeNull();
    expect(cue!(sentence)).toBe(answers);
  });

  it('reads "how long can a name be" as a length of text, not a span of time', () => {
    expect(answerCue('How long can a label name be?')!('Labels are kept for 30 days.')).toBe(false);
    expect(answerCue('How long are labels kept?')!('Labels are kept for 30 days.')).toBe(true);
  });

  it('quotes a passage that gives the version asked for, though it never says "version"', () => {
    const answer = quotePassages(
      'Which version of Python does the converter require?',
      searched([
        row(
          'c1:body:1of1:0to80',
          'Install the converter with pip. The converter requires Python 3.11 or newer.',
          0.8,
        ),
      ]),
    );
    expect(answer).toMatch(/Python 3\.11 or newer.*\[c1:body:1of1:0to80\]/);
  });

  it('refuses when the passage on the topic states no version', () => {
    const answer = quotePassages(
      'Which version of Python does the converter require?',
      searched([
        row('c1:body:1of1:0to80', 'Install the converter with pip. The converter requires Python.', 0.8),
      ]),
    );
    expect(answer).toBe(REFUSED);
  });

  it('counts the words naming one kind of answer once: a passage lacking the topic is not saved by them', () => {
    // "keyboard" and "shortcut" both name the kind; counted apiece they would carry a passage that says
    // nothing of printing past the bar.
    expect([...kindWords('Is there a keyboard shortcut to print the invoice?')]).toEqual(
      expect.arrayContaining(['keyboard', 'shortcut']),
    );
    const answer = quotePassages(
      'Is there a keyboard shortcut to print the monthly sales invoice?',
      searched([
        row('k1:body:1of1:0to60', 'Press Ctrl+S to save the monthly invoice as a draft.', 0.8),
        row('r1:body:1of1:0to45', 'Print sales reports from the reports page.', 0.6),
      ]),
    );
    expect(answer).toBe(REFUSED);
  });
});
