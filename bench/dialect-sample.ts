/**
 * How much of MindsDB's SQL dialect the server understands: every statement of `dialect-sample/statements.json`
 * (the statements MindsDB's own SQL parser is tested to parse, each labelled with the family of its test) is
 * run, in order, through the SQL service of a server on a fresh data folder, in project `mindsdb`.
 *
 * A statement is understood when the answer is rows, an ok, or an error about what it asks (an unknown table,
 * a feature not offered here, a connection refused); it is not when the answer says the statement could not
 * be read (a syntax error, ours or the engine's) or that its kind has no handler. Prints the figure, the
 * figure per family, and with `--list` every statement refused or not understood with its answer. Asserts nothing.
 *
 * Usage: npx tsx bench/dialect-sample.ts [--list]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openServices } from '../server/open-services';

interface SampleStatement {
  family: string;
  sql: string;
}

type Verdict = 'answered' | 'refused' | 'not understood';

/** Answers that say the statement itself was not read, rather than something about what it asks. */
const NOT_READ = [
  /^Syntax error/i,
  /^Unexpected character/,
  /^Unterminated/,
  /Parser Error/,
  /statements are not supported here/,
];

async function main(): Promise<void> {
  const list = process.argv.includes('--list');
  const sample = JSON.parse(
    await fs.readFile(path.join(import.meta.dirname, 'dialect-sample', 'statements.json'), 'utf8'),
  ) as SampleStatement[];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-dialect-'));
  const deps = await openServices({ dataDir: dir });
  const counts = new Map<Verdict, number>();
  const byFamily = new Map<string, { understood: number; total: number }>();
  const listed: Record<'refused' | 'not understood', string[]> = { refused: [], 'not understood': [] };
  try {
    for (const { family, sql } of sample) {
      const answer = await deps.sql.execute(sql, { db: 'mindsdb', show_secrets: false });
      const verdict: Verdict =
        answer.type !== 'error'
          ? 'answered'
          : NOT_READ.some((re) => re.test(answer.error_message))
            ? 'not understood'
            : 'refused';
      counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
      const f = byFamily.get(family) ?? { understood: 0, total: 0 };
      f.total++;
      if (verdict !== 'not understood') f.understood++;
      byFamily.set(family, f);
      if (answer.type === 'error' && verdict !== 'answered') {
        listed[verdict].push(
          `[${family}] ${sql.replace(/\s+/g, ' ').slice(0, 160)}\n    -> ${answer.error_message}`,
        );
      }
    }
  } finally {
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  const total = sample.length;
  const understood = total - (counts.get('not understood') ?? 0);
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`;
  console.log(`MindsDB dialect sample: ${understood} of ${total} statements understood (${pct(understood)})`);
  for (const v of ['answered', 'refused', 'not understood'] as Verdict[]) {
    console.log(`  ${v.padEnd(15)} ${String(counts.get(v) ?? 0).padStart(4)}  ${pct(counts.get(v) ?? 0)}`);
  }
  console.log('by family (understood / total):');
  for (const [family, f] of [...byFamily].sort((a, b) => b[1].total - a[1].total)) {
    console.log(`  ${family.padEnd(36)} ${String(f.understood).padStart(4)} / ${f.total}`);
  }
  if (list) {
    for (const [verdict, lines] of Object.entries(listed)) console.log(`\n${verdict}:\n${lines.join('\n')}`);
  }
}

await main();
