import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { problemText } from './problem-text';

describe('problemText', () => {
  it('shows the detail alone, never the HTTP status phrase before it', () => {
    const err = new ApiError(400, { title: 'Bad Request', detail: 'The file is binary and not Parquet' });
    expect(err.message).toBe('The file is binary and not Parquet');
    expect(problemText(404, { title: 'Not Found', detail: "Agent 'x' does not exist" })).toBe(
      "Agent 'x' does not exist",
    );
  });

  it('says a bare status in plain words', () => {
    expect(new ApiError(401, { title: 'Unauthorized' }).message).toBe(
      'Your session has ended. Log in again to go on.',
    );
    expect(problemText(502, { title: 'Bad Gateway' })).toMatch(/^The server could not answer/);
    expect(problemText(400, { title: 'HTTP 400' })).toBe('The server refused the request.');
    expect(problemText(0, { title: 'Error' })).toMatch(/^Cannot reach the server/);
  });

  it("keeps a title that is a sentence of its own (MindsDB's)", () => {
    expect(problemText(400, { title: 'File already exists' })).toBe('File already exists');
  });
});
