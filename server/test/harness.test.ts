import { describe, expect, it } from 'vitest';
import { useTestApp } from './use-test-app';

/** The helpers tests lean on must fail loudly: a setup that silently did nothing would pass tests by accident. */
describe('the test app helpers', () => {
  const t = useTestApp({}, (app) => app.putFile('notes', 'notes.csv', 'id,body\n1,first\n'));

  it('runs setup before the tests: the uploaded table is there', async () => {
    expect((await t.sqlOk('SELECT body FROM files.notes')).data).toEqual([['first']]);
  });

  it('sqlOk throws on an error result, naming the statement and the message', async () => {
    await expect(t.sqlOk('SELECT * FROM files.missing')).rejects.toThrow(
      /^SELECT \* FROM files\.missing: .+/,
    );
  });

  it('sqlError returns the message of a failure and throws on a success', async () => {
    expect(await t.sqlError('SELECT * FROM files.missing')).toMatch(/missing/);
    await expect(t.sqlError('SELECT 1')).rejects.toThrow(/expected an error/);
  });

  it('putFile throws when the server refuses the upload', async () => {
    await expect(t.putFile('bad name!', 'x.csv', 'a\n1\n')).rejects.toThrow(/upload of x\.csv: 4\d\d/);
  });
});
