import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

/** `ALTER DATABASE project NAME = 'new'`: MindsDB's rename of a project, through the real server. */
const t = useTestApp({}, async (app) => {
  await app.putFile('nums', 'nums.csv', 'n,label\n5,a\n12,b\n');
  await app.sqlOk('CREATE PROJECT shop');
  await app.sqlOk('CREATE VIEW shop.big AS (SELECT n FROM files.nums WHERE n > 10)');
  await app.sqlOk('CREATE JOB shop.tick (SELECT 1) EVERY hour');
  await app.sqlOk('CREATE PROJECT taken');
  await app.sqlOk('CREATE KNOWLEDGE_BASE shop.notes USING embedding_model = {"provider": "local"}');
  await app.sqlOk("INSERT INTO shop.notes (id, content) VALUES ('n1', 'a note about refunds')");
});

const names = async () => ((await t.sqlOk('SHOW PROJECTS')).data as unknown[][]).map((r) => r[0]);

describe('renaming a project', () => {
  it('moves the project and what it holds to the new name', async () => {
    await t.sqlOk("ALTER DATABASE shop NAME = 'store'");
    expect(await names()).toContain('store');
    expect(await names()).not.toContain('shop');
    expect((await t.sqlOk('SELECT * FROM store.big')).data).toEqual([[12]]);
    const jobs = await t.inject({ method: 'GET', url: '/api/projects/store/jobs' });
    expect(jobs.json().map((j: { name: string; project: string }) => [j.name, j.project])).toEqual([
      ['tick', 'store'],
    ]);
    expect((await t.inject({ method: 'GET', url: '/api/projects/shop' })).statusCode).toBe(404);
    await t.sqlOk('ALTER DATABASE store NAME = shop');
    expect(await names()).toContain('shop');
  });

  it('leaves nothing answering the old name: a new project of that name starts empty', async () => {
    // Read once under the old name, so that anything kept by name would be kept.
    expect((await t.sqlRows('SELECT id FROM shop.notes')).map((r) => r.id)).toEqual(['n1']);
    await t.sqlOk("ALTER DATABASE shop NAME = 'store'");
    expect((await t.sqlRows('SELECT id FROM store.notes')).map((r) => r.id)).toEqual(['n1']);
    expect(await t.sqlError('SELECT id FROM shop.notes')).toMatch(/shop/);
    await t.sqlOk('CREATE PROJECT shop');
    expect(await t.sqlError('SELECT id FROM shop.notes')).toMatch(/notes/);
    await t.sqlOk('DROP PROJECT shop');
    await t.sqlOk("ALTER DATABASE store NAME = 'shop'");
  });

  it('refuses a taken name, the default project, a system database and an unknown project', async () => {
    expect(await t.sqlError("ALTER DATABASE shop NAME = 'TAKEN'")).toBe("Project 'TAKEN' already exists");
    expect(await t.sqlError("ALTER DATABASE shop NAME = 'files'")).toMatch(/files/);
    expect(await t.sqlError("ALTER DATABASE mindsdb NAME = 'main'")).toMatch(/default project 'mindsdb'/);
    expect(await t.sqlError("ALTER DATABASE log NAME = 'mine'")).toMatch(/log/);
    expect(await t.sqlError("ALTER DATABASE nope NAME = 'other'")).toMatch(/nope/);
    expect(await names()).toEqual(expect.arrayContaining(['shop', 'taken', 'mindsdb']));
  });
});
