/**
 * Where a knowledge-base search's time goes: builds (once) a 100,000-row KB like `bench:kb` in a data folder
 * that is kept, then runs searches through SQL and prints CPU per search by mode. Run it under
 * `node --cpu-prof` (through tsx) to see the JavaScript side; the rest is LanceDB's native threads.
 * Usage: npx tsx bench/kb-profile.ts [dataDir=.tmp/kb-profile] [searches=2000] [mode=semantic|hybrid|filtered|both]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { openServices } from '../server/open-services';
import { corpus, writeCorpusCsv } from './kb-corpus';
import { timeEach } from './kb-search';
import { sqlRunner } from './sql-runner';

const ROWS = 100_000;
const dataDir = path.resolve(process.argv[2] ?? '.tmp/kb-profile');
const SEARCHES = Number(process.argv[3] ?? 2000);
const MODE = process.argv[4] ?? 'both';

async function build(sql: (q: string) => Promise<unknown>, importFile: (csv: string) => Promise<void>) {
  const csv = path.join(dataDir, 'docs.csv');
  await writeCorpusCsv(csv, ROWS);
  await importFile(csv);
  await sql("CREATE KNOWLEDGE_BASE bench USING metadata_columns = ['author', 'year']");
  await sql('INSERT INTO bench SELECT id, content, author, year FROM files.docs');
}

async function main(): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  const deps = await openServices({ dataDir, demo: false, log: (m) => console.error(m) });
  const sql = sqlRunner(deps);
  try {
    const kbs = await sql('SHOW KNOWLEDGE_BASES');
    if (kbs.type !== 'table' || kbs.data.length === 0) {
      await build(sql, (csv) => deps.files.importFile('docs', csv, 'docs.csv').then(() => undefined));
      await deps.knowledgeBases.whenIdle();
      console.log('built', await deps.knowledgeBases.indexState('mindsdb', 'bench'));
    }
    const { topics, sentence } = corpus();
    const queries = Array.from({ length: SEARCHES }, (_, i) => sentence(topics[(i * 7) % topics.length], 4));
    const quote = (s: string) => s.replace(/'/g, "''");
    // The first search starts loading the KB's in-memory copy: searches are timed once it has loaded.
    await sql(`SELECT * FROM bench WHERE content = '${quote(queries[0])}' LIMIT 1`);
    await deps.knowledgeBases.whenIdle();
    if (MODE !== 'hybrid' && MODE !== 'filtered') {
      await timeEach('semantic top-10 through SQL', 'profile', queries, (q) =>
        sql(`SELECT * FROM bench WHERE content = '${quote(q)}' AND hybrid_search = false LIMIT 10`),
      );
    }
    if (MODE === 'filtered' || MODE === 'both') {
      await timeEach('filtered semantic top-10 through SQL', 'profile', queries, (q) =>
        sql(
          `SELECT * FROM bench WHERE content = '${quote(q)}' AND author = 'author7' AND year < 2010 ` +
            'AND hybrid_search = false LIMIT 10',
        ),
      );
    }
    if (MODE !== 'semantic' && MODE !== 'filtered') {
      await timeEach('hybrid top-10 through SQL', 'profile', queries, (q) =>
        sql(`SELECT * FROM bench WHERE content = '${quote(q)}' AND hybrid_search = true LIMIT 10`),
      );
    }
  } finally {
    await deps.close();
  }
}

main().catch((err) => {
  console.error('kb-profile failed:', (err as Error).message);
  process.exit(1);
});
