import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

/** MindsDB's DDL variants, DESCRIBE of each kind and the features not offered here, through the real server. */
const t = useTestApp({}, async (app) => {
  await app.putFile('nums', 'nums.csv', 'n,label\n5,a\n12,b\n');
  await app.sqlOk('CREATE PROJECT shop');
  await app.sqlOk("CREATE KNOWLEDGE_BASE shop.notes USING content_columns = ['label']");
});

const rows = async (query: string) => (await t.sqlOk(query)).data as unknown[][];

describe('views', () => {
  it('replaces a view with CREATE OR REPLACE and changes it with ALTER VIEW', async () => {
    await t.sqlOk('CREATE VIEW shop.v AS (SELECT n FROM files.nums WHERE n > 10)');
    await t.sqlOk('CREATE OR REPLACE VIEW shop.v AS (SELECT label FROM files.nums)');
    expect(await rows('SELECT * FROM shop.v')).toEqual([['a'], ['b']]);
    await t.sqlOk(
      "ALTER VIEW shop.v (SELECT n FROM files.nums WHERE n < 10) USING note = 'kept for MindsDB'",
    );
    expect(await rows('SELECT * FROM shop.v')).toEqual([[5]]);
    expect(await t.sqlError('ALTER VIEW shop.nope AS (SELECT 1)')).toBe('View nope does not exist in shop');
  });

  it('drops several views in one DROP VIEW, and stops at the first missing one', async () => {
    await t.sqlOk('CREATE VIEW shop.a AS (SELECT 1 AS x)');
    await t.sqlOk('CREATE VIEW shop.b AS (SELECT 2 AS x)');
    await t.sqlOk('CREATE VIEW shop.c AS (SELECT 3 AS x)');
    expect(await t.sqlOk('DROP VIEW shop.a, shop.b')).toMatchObject({ type: 'ok', affected_rows: 2 });
    expect(await t.sqlError('DROP VIEW shop.c, shop.missing')).toMatch(/missing/);
    expect(await t.sqlOk('DROP VIEW IF EXISTS shop.c, shop.missing')).toMatchObject({ type: 'ok' });
    const names = (await rows('SHOW VIEWS FROM shop')).map((r) => r[0]);
    expect(names).not.toContain('a');
    expect(names).not.toContain('c');
  });
});

describe('DESCRIBE <kind> name', () => {
  it('answers a view, a job, a project, a database and a handler with their information_schema row', async () => {
    await t.sqlOk('CREATE VIEW shop.big AS (SELECT n FROM files.nums WHERE n > 10)');
    expect(await t.sqlOk('DESCRIBE VIEW shop.big')).toMatchObject({
      column_names: ['NAME', 'PROJECT', 'QUERY'],
      data: [['big', 'shop', 'SELECT n FROM files.nums WHERE n > 10']],
    });
    await t.sqlOk('CREATE JOB shop.tick (SELECT 1) EVERY hour');
    const job = await t.sqlOk('DESCRIBE JOB shop.tick');
    expect(job.column_names.slice(0, 2)).toEqual(['NAME', 'PROJECT']);
    expect(job.data[0].slice(0, 2)).toEqual(['tick', 'shop']);
    expect(job.data[0][job.column_names.indexOf('SCHEDULE_STR')]).toMatch(/^every (1 )?hour$/);
    expect(await rows('DESCRIBE PROJECT shop')).toEqual([['shop', 'project', 'mindsdb', null]]);
    expect(await rows('DESCRIBE DATABASE files')).toEqual([['files', 'data', 'files', null]]);
    expect(await rows('DESCRIBE DATABASE information_schema')).toEqual([
      ['information_schema', 'system', null, null],
    ]);
    expect((await rows('DESCRIBE HANDLER postgres'))[0].slice(0, 2)).toEqual(['postgres', 'data']);
  });

  it('names what it cannot find', async () => {
    expect(await t.sqlError('DESCRIBE VIEW shop.nope')).toMatch(/View 'nope' does not exist/);
    expect(await t.sqlError('DESCRIBE PROJECT nope')).toMatch(/Project 'nope' does not exist/);
    expect(await t.sqlError('DESCRIBE HANDLER nope')).toMatch(/Handler 'nope' does not exist/);
  });
});

describe('features not offered here', () => {
  it('answers their statements with one clear message, never a syntax error', async () => {
    expect(
      await t.sqlError(
        "CREATE MODEL shop.m FROM files (SELECT * FROM nums) PREDICT n USING engine = 'lightwood'",
      ),
    ).toMatch(/^Models are not offered here/);
    expect(await t.sqlError('RETRAIN shop.m')).toMatch(/^Models are not offered here/);
    expect(await t.sqlError('DESCRIBE MODEL shop.m.2')).toMatch(/^Models are not offered here/);
    expect(await t.sqlError("CREATE ML_ENGINE e FROM openai USING api_key = 'k'")).toMatch(
      /^ML engines are not/,
    );
    expect(await t.sqlError("CREATE CHATBOT c USING database = 'slack', agent = 'a'")).toMatch(
      /^Chatbots are not/,
    );
    expect(await t.sqlError('DROP TRIGGER t')).toMatch(/^Triggers are not offered here/);
    expect(await t.sqlError('DESCRIBE SKILL s')).toMatch(/^Skills are not offered here/);
  });

  it('does nothing for DROP ... IF EXISTS of them', async () => {
    expect(await t.sqlOk('DROP ML_ENGINE IF EXISTS e')).toMatchObject({ type: 'ok' });
    expect(await t.sqlOk('DROP CHATBOT IF EXISTS shop.c')).toMatchObject({ type: 'ok' });
  });

  it('refuses a job whose statement would fail at every run, saying why', async () => {
    expect(await t.sqlError('CREATE JOB shop.train (RETRAIN shop.m) EVERY day')).toMatch(
      /Statement 1 of the job: Models are not offered here/,
    );
  });
});

describe('other variants', () => {
  it('answers EXPLAIN t with the columns of t', async () => {
    expect((await rows('EXPLAIN files.nums')).map((r) => r[0])).toEqual(['n', 'label']);
  });

  it('drops a project with DROP SCHEMA', async () => {
    await t.sqlOk('CREATE PROJECT scratch');
    await t.sqlOk('DROP SCHEMA scratch');
    expect((await rows('SHOW DATABASES')).map((r) => r[0])).not.toContain('scratch');
  });

  it('says what UPDATE changes, and that a KB takes values, not expressions', async () => {
    expect(await t.sqlError('UPDATE files.nums SET n = n + 1')).toMatch(/'files.nums' cannot be updated/);
    expect(await t.sqlError('UPDATE shop.notes SET label = upper(label) WHERE id = 1')).toMatch(
      /'label = upper\(label\)' is an expression/,
    );
  });

  it('refuses CREATE INDEX options and DROP INDEX on a knowledge base, saying why', async () => {
    expect(await t.sqlError('CREATE INDEX ON KNOWLEDGE_BASE shop.notes WITH (nlist = 4)')).toMatch(
      /takes no WITH \(nlist\)/,
    );
    expect(await t.sqlError('DROP INDEX ON KNOWLEDGE_BASE shop.notes')).toMatch(/DROP INDEX is not offered/);
    expect(await t.sqlError('DROP INDEX ON KNOWLEDGE_BASE shop.nope')).toMatch(/nope/);
  });
});

describe('tables outside files and data sources', () => {
  it('says why a table is not created or dropped in a project, a system database or an unknown one', async () => {
    expect(await t.sqlError('CREATE TABLE shop.t (SELECT 1 AS a)')).toMatch(
      /^Cannot create a table in database 'shop': it is a project/,
    );
    expect(await t.sqlError('DROP TABLE mindsdb.tbl')).toMatch(
      /^Cannot delete a table from database 'mindsdb'/,
    );
    expect(await t.sqlError('DROP TABLE IF EXISTS nowhere.tbl')).toBe(
      "Cannot delete a table from database 'nowhere': the database does not exist",
    );
    expect(await t.sqlError('CREATE TABLE log.t (SELECT 1)')).toMatch(/system database/);
    expect(await t.sqlError('CREATE TABLE files.cols (id INT, name TEXT)')).toMatch(
      /A file table is made from rows/,
    );
  });

  it('keeps an existing file table with CREATE TABLE IF NOT EXISTS', async () => {
    expect(await t.sqlOk('CREATE TABLE IF NOT EXISTS files.nums (SELECT 1 AS n)')).toMatchObject({
      type: 'ok',
      affected_rows: 0,
    });
    expect(await rows('SELECT count(*) FROM files.nums')).toEqual([[2]]);
  });
});

describe('EVALUATE metric FROM (SELECT actual, prediction)', () => {
  it("scores predictions as MindsDB's metrics do, rounded to n_decimals", async () => {
    await t.putFile(
      'preds',
      'preds.csv',
      'truth,guess,label,said\n3,2.5,a,a\n-0.5,0,b,a\n2,2,a,a\n7,8,c,c\n',
    );
    const score = async (metric: string, using = '') =>
      (
        await rows(
          `EVALUATE ${metric} FROM (SELECT truth AS actual, guess AS prediction FROM files.preds) ${using}`,
        )
      )[0][0];
    // scikit-learn's values for y_true = [3, -0.5, 2, 7], y_pred = [2.5, 0, 2, 8]
    expect(await score('r2_score')).toBe(0.949);
    expect(await score('mean_absolute_error')).toBe(0.5);
    expect(await score('mean_squared_error', 'USING n_decimals = 4')).toBe(0.375);
    expect(await score('explained_variance_score')).toBe(0.957);
    expect(await score('max_error')).toBe(1);
    const labels = 'FROM (SELECT label AS actual, said AS prediction FROM files.preds)';
    expect(await rows(`EVALUATE accuracy_score ${labels}`)).toEqual([[0.75]]);
    expect(await rows(`EVALUATE balanced_accuracy_score ${labels}`)).toEqual([[0.667]]);
  });

  it('names what is missing or unknown, and runs nothing but a SELECT', async () => {
    expect(await t.sqlError('EVALUATE r2_score FROM (SELECT truth AS actual FROM files.preds)')).toBe(
      '`prediction` column was not provided, please try again.',
    );
    expect(
      await t.sqlError(
        'EVALUATE f2_score FROM (SELECT truth AS actual, guess AS prediction FROM files.preds)',
      ),
    ).toMatch(/^Unknown metric 'f2_score'/);
    expect(await t.sqlError('EVALUATE r2_score FROM (DROP PROJECT shop)')).toBe(
      'The query of EVALUATE must be a SELECT',
    );
    expect((await rows('SHOW DATABASES')).map((r) => r[0])).toContain('shop');
  });
});
