import { describe, expect, it } from 'vitest';
import { keywordQuery } from './keyword-query';

describe('keyword query', () => {
  it('leaves out question words, pronouns and auxiliaries, keeping the content words in order', () => {
    expect(keywordQuery('How do I upload a CSV file?')).toBe('upload csv file');
    expect(keywordQuery('After a week I get kicked out of the app. Why?')).toBe(
      'after week get kicked out app',
    );
  });

  it('keeps flags, numbers and names that the index splits the same way', () => {
    expect(keywordQuery('What does --api-url 47334 do?')).toBe('api url 47334');
  });

  it('searches a query made only of such words as it is', () => {
    expect(keywordQuery('How do you do?')).toBe('How do you do?');
  });
});
