// `npm run bench`: every benchmark in turn, each in its own process so one's memory does not colour the
// next one's figures. Each prints its own figures; nothing here asserts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const BENCHES = ['kb', 'ingest-cores', 'agent', 'grid', 'load'];
const only = process.argv.slice(2);

for (const name of only.length ? only : BENCHES) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) {
    console.log(`\n== ${name}: no such benchmark`);
    continue;
  }
  console.log(`\n== bench:${name}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`== bench:${name} exited with ${run.status}`);
}
