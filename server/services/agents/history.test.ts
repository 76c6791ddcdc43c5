import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { readConversation } from './history';

describe('readConversation', () => {
  it.each([
    {
      reads: 'asks the last question and keeps earlier pairs as history',
      messages: [
        { question: 'q1', answer: 'a1' },
        { question: 'q2', answer: '' },
      ],
      keptPair: ['q1', 'a1'],
      question: 'q2',
    },
    {
      reads: 'reads role/content items, skipping roles it does not know',
      messages: [
        { role: 'system', content: 'ignored' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'one' },
        { role: 'user', content: 'second' },
      ],
      keptPair: ['first', 'one'],
      question: 'second',
    },
  ])('$reads', ({ messages, keptPair: [asked, answered], question }) => {
    expect(readConversation(messages)).toEqual({
      history: [
        { role: 'user', content: asked },
        { role: 'assistant', content: answered },
      ],
      question,
    });
  });

  it('refuses a conversation without a question', () => {
    expect(() => readConversation([{ question: ' ' }])).toThrow(ValidationError);
    expect(() => readConversation([{ role: 'assistant', content: 'hi' }])).toThrow(ValidationError);
  });
});
