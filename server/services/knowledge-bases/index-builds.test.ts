import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestEnv, type TestEnv } from '../../test/kb-test-env';
import { startTestApp, type TestApp } from '../../test/harness';
import { describeIndexBuild, IndexBuilds, type IndexBuild } from './index-builds';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    content: `Note ${i} on topic ${i % 7}`,
    author: `a${i % 3}`,
  }));

describe('CREATE INDEX shows its phases as it goes', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await openTestEnv();
    await env.service.create('mindsdb', { name: 'kb', metadata_columns: ['author'] });
    await env.service.insertRows('mindsdb', 'kb', rows(40));
  });
  afterAll(() => env.close());

  /** Runs a build over the KB's real table, noting what a poll of the build would show at each phase. */
  async function watchBuild(builds: IndexBuilds): Promise<IndexBuild[]> {
    const table = (await env.service.get('mindsdb', 'kb')).vector_database_table;
    const seen: IndexBuild[] = [];
    await builds.run(
      1,
      'kb',
      () => env.store.count(table),
      (onPhase) =>
        env.store.buildIndexNow(table, (phase, phases) => {
          onPhase(phase, phases);
          seen.push(builds.get(1)!);
        }),
    );
    seen.push(builds.get(1)!);
    return seen;
  }

  it('compacts, then builds the vector, full-text and metadata indexes, counting phases to 100%', async () => {
    const seen = await watchBuild(new IndexBuilds());
    expect(seen.map((b) => [b.state, b.phase, b.phases_done, b.phases_total, b.percent])).toEqual([
      ['building', 'compacting', 0, 4, 0],
      ['building', 'vector', 1, 4, 25],
      ['building', 'full_text', 2, 4, 50],
      ['building', 'metadata', 3, 4, 75],
      ['done', 'metadata', 4, 4, 100],
    ]);
    expect(describeIndexBuild(seen[1])).toBe(
      'building: building the vector index (training and graph) (phase 2 of 4, 25%)',
    );
    expect(describeIndexBuild(seen[4])).toMatch(/^built over 40 chunks at \d{4}-/);
    expect((await env.service.indexState('mindsdb', 'kb'))?.ann).toBe(true);
  });

  it('skips compaction on a rebuild (it would rewrite the index too)', async () => {
    const seen = await watchBuild(new IndexBuilds());
    expect(seen.map((b) => b.phase)).toEqual(['vector', 'full_text', 'metadata', 'metadata']);
    expect(seen.map((b) => b.percent)).toEqual([0, 33, 67, 100]);
  });

  it('says which phase failed', () => {
    expect(
      describeIndexBuild({
        state: 'failed',
        error: 'disk full',
        chunks: 1,
        started_at: 'x',
        finished_at: 'y',
        phase: 'vector',
        phase_label: 'building the vector index (training and graph)',
        phases_done: 1,
        phases_total: 4,
        percent: 25,
      }),
    ).toBe('failed: disk full');
    expect(describeIndexBuild(null)).toBeNull();
  });
});

describe('the build as DESCRIBE, the status route and the progress route show it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the finished build with its phases in all three places', async () => {
    const ok = (query: string) => t.sqlOk(query);
    await ok("CREATE KNOWLEDGE_BASE kb_p USING metadata_columns = ['author']");
    const values = rows(25)
      .map((r) => `(${r.id}, '${r.content}', '${r.author}')`)
      .join(', ');
    await ok(`INSERT INTO kb_p (id, content, author) VALUES ${values}`);
    const describe = async () => {
      const res = await ok('DESCRIBE KNOWLEDGE_BASE kb_p');
      return res.data[0][res.column_names.indexOf('INDEX_STATUS')];
    };
    expect(await describe()).toBeNull();
    await ok('CREATE INDEX ON KNOWLEDGE_BASE kb_p');
    expect(await describe()).toMatch(/^built over 25 chunks at /);
    const status = (await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/kb_p/status' })).json();
    expect(status.index.upkeep).toBe('idle');
    expect(status.index.build).toMatchObject({
      state: 'done',
      chunks: 25,
      phase: 'metadata',
      phases_done: 4,
      phases_total: 4,
      percent: 100,
    });
    const progress = (await t.inject({ url: '/api/projects/mindsdb/knowledge_bases/kb_p/progress' })).json();
    expect(progress).toMatchObject({
      state: 'done',
      rows_done: 25,
      index_build: { state: 'done', percent: 100 },
    });
  });
});
