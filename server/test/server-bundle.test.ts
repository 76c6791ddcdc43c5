import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, startServerProcess, type ServerProcess } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let work: string | undefined;
let outDir: string | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  for (const dir of [work, outDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

interface KbStatus {
  last_insert: { state: string } | null;
  index: { search_copy?: { state: string }; search_path?: { path: string; reason: string } };
}

describe('the compiled server that npm start runs (scripts/build-server.mjs)', () => {
  it("gets the same Node flags from npm start and npm run serve as the tests' and benchmarks' servers", async () => {
    const { scripts } = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const flags = SERVER_NODE_FLAGS.join(' ');
    expect(scripts.start).toContain(`node ${flags} dist-server/main.js`);
    expect(scripts.serve).toContain(`tsx ${flags} server/main.ts`);
  });

  it('starts from its bundle and finds the files beside its sources: the demo, the local model, the scan kernel', async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bundle-'));
    // Built in a folder of its own (packages are found in the checkout's node_modules, as for dist-server/):
    // the bundle names the files beside its sources from where it is.
    await fs.mkdir(path.join(ROOT, 'dist-server'), { recursive: true });
    outDir = await fs.mkdtemp(path.join(ROOT, 'dist-server', 'test-'));
    const bundle = path.join(outDir, 'main.js');
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', bundle], { cwd: ROOT });
    // Each worker thread compiled beside it (server/util/thread-entry.ts starts them from there): the local
    // model's thread below embeds from it, and the scan below runs on the main thread or the scan thread's.
    expect((await fs.readdir(path.join(outDir, 'threads'))).filter((f) => f.endsWith('.js')).sort()).toEqual([
      'assign-worker.js',
      'learn-worker.js',
      'local-embedding-worker.js',
      'scan-worker.js',
      'train-worker.js',
    ]);
    server = await startServerProcess({ dataDir: path.join(work, 'data'), bundle, demo: true });
    const s = server;
    const status = async () => {
      const res = await s.request('/api/projects/mindsdb/knowledge_bases/help_kb/status');
      expect(res.status, s.output()).toBe(200);
      return (await res.json()) as KbStatus;
    };
    const until = async (done: (kb: KbStatus) => boolean) => {
      let kb = await status();
      for (let turn = 0; turn < 200 && !done(kb); turn++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        kb = await status();
      }
      return kb;
    };

    // The demo's articles are read from beside services/demo, and embedded by the local model's worker
    // thread, whose entry point is beside providers/.
    expect((await until((kb) => kb.last_insert?.state !== 'running')).last_insert?.state).toBe('done');
    const search = `SELECT id FROM mindsdb.help_kb WHERE content = 'how do I upload a CSV file' AND hybrid_search = false LIMIT 5`;
    const fromTable = await s.sql(search);
    expect(fromTable.type, JSON.stringify(fromTable)).toBe('table');
    expect(fromTable.data).toHaveLength(5);

    // The in-memory copy the search asked for loads, and answers with the scan kernel read from beside it.
    const kb = await until((x) => x.index.search_copy?.state === 'loaded');
    expect(kb.index.search_path).toMatchObject({ path: 'copy', reason: 'scan_fits' });
    expect((await s.sql(search)).data).toEqual(fromTable.data);
  });
});
