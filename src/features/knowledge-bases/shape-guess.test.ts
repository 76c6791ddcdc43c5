import { describe, expect, it } from 'vitest';
import { guessShape } from './shape-guess';

describe('guessing a KB shape from a table', () => {
  it('takes the longest free-text column as content: review, not product', () => {
    const guess = guessShape(
      ['id', 'product', 'review', 'stars', 'reviewed_at'],
      [
        [1, 'Kettle', 'It boils fast and the lid closes well. The handle gets warm.', 4, '2026-01-02'],
        [2, 'Toaster', 'Uneven browning on the left side, otherwise fine for the price.', 3, '2026-01-03'],
        [3, 'Blender', 'Loud.', 2, '2026-01-04'],
      ],
    );
    expect(guess).toMatchObject({
      content: 'review',
      id: 'id',
      metadata: ['product', 'stars', 'reviewed_at'],
    });
    expect(guess.reason).toMatch(/^the longest text: \d+ characters on average in 3 sampled rows$/);
  });

  it('never takes numbers or dates written as text, and says when no column holds text', () => {
    const guess = guessShape(
      ['code', 'amount', 'day'],
      [
        ['1234567890123', '12.50', '2026-01-02 10:00:00'],
        ['9876543210987', '7', '2026-01-03 11:00:00'],
      ],
    );
    expect(guess.content).toBe('code');
    expect(guess.id).toBe('');
    expect(guess.reason).toMatch(/no column holds text/);
  });
});
