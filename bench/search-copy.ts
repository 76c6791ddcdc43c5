/**
 * The in-memory search copy alone (no LanceDB, no SQL): loads N rows of 384-dimension vectors with ~200
 * characters of text and two metadata columns into a MirroredTable, then prints its memory (the copy's own
 * estimate, RSS, heap and off-heap growth) and the time of 100 top-10 searches with 45-dimension queries.
 * Prints figures, asserts nothing. Usage: node --expose-gc --import tsx bench/search-copy.ts [rows, default 1000000]
 */
import { performance } from 'node:perf_hooks';
import { MirroredTable } from '../server/engines/exact-search/mirrored-table';
import { randomUnit } from '../server/test/random-vectors';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const DIMS = 384;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

function rowsFrom(start: number, count: number) {
  const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu'.split(' ');
  return Array.from({ length: count }, (_, k) => {
    const i = start + k;
    const author = `author${i % 50}`;
    const year = 2000 + (i % 25);
    return {
      id: `d${i}`,
      docId: `d${i}`,
      content: `${Array.from({ length: 32 }, (_, w) => words[(i * 7 + w * 13) % words.length]).join(' ')} ${i}`,
      metadataJson: JSON.stringify({ author, year }),
      vector: randomUnit(DIMS, i + 1, 200),
      filterable: new Map([
        ['author', { text: author, number: null }],
        ['year', { text: String(year), number: year }],
      ]),
    };
  });
}

collect();
const before = process.memoryUsage();
const table = new MirroredTable(DIMS);
let t0 = performance.now();
for (let start = 0; start < ROWS; start += 1000) table.put(rowsFrom(start, Math.min(1000, ROWS - start)));
console.log(
  `loaded ${ROWS} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (vectors generated here)`,
);
collect();
const after = process.memoryUsage();
console.log(
  `memory: estimate ${mb(table.bytes)}; RSS +${mb(after.rss - before.rss)}, heap +${mb(after.heapUsed - before.heapUsed)}, ` +
    `off-heap +${mb(after.external - before.external)}${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
);
const times: number[] = [];
for (let q = 0; q < 100; q++) {
  const query = randomUnit(DIMS, 9_000_000 + q, 45);
  t0 = performance.now();
  table.search(query, 10);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(
  `top-10 search, 100 queries of 45 dimensions: p50 ${times[50].toFixed(2)} ms, p95 ${times[95].toFixed(2)} ms, slowest ${times[99].toFixed(2)} ms`,
);
