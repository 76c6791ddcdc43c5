import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { readConversation } from './history';

describe('readConversation', () => {
  it('asks the last question and keeps earlier pairs as history', () => {
    expect(
      readConversation([
        { question: 'q1', answer: 'a1' },
        { question: 'q2', answer: '' },
      ]),
    ).toEqual({
      history: [
        { role: 'user', content: 'q1' },
        { role: 'assistant', content: 'a1' },
      ],
      question: 'q2',
    });
  });

  it('reads role/content items, skipping roles it does not know', () => {
    expect(
      readConversation([
        { role: 'system', content: 'ignored' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'one' },
        { role: 'user', content: 'second' },
      ]),
    ).toEqual({
      history: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'one' },
      ],
      question: 'second',
    });
  });

  it('refuses a conversation without a question', () => {
    expect(() => readConversation([{ question: ' ' }])).toThrow(ValidationError);
    expect(() => readConversation([{ role: 'assistant', content: 'hi' }])).toThrow(ValidationError);
  });
});
