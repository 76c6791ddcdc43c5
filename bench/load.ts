/**
 * Load benchmark: prints figures, asserts nothing.
 *
 * Starts the real server (`server/main.ts`, its own process) on a temporary data folder with the demo, then
 * runs concurrent clients that mix knowledge-base searches (SQL), plain SQL over uploaded files and streamed
 * answers of the demo agent on the `local` model. Prints per kind: count, errors, p50/p95/p99 latency; and
 * the server's resident memory after the warm-up and at the end (the median of the readings of the last 10 s
 * of each), with the lowest and highest reading between; and the server's CPU time (user + system, all its
 * threads, from /proc) per request. One mixed run cannot tell which kind spent the CPU, so after it each kind
 * runs alone for `--kind-seconds` with the same clients: its CPU per request, p99 and requests/s. Wall-clock
 * figures move with whatever else the machine runs: the load average is printed beside them.
 *
 * The warm-up lasts 30 s because that is how long the server's JavaScript heap takes to grow to its working
 * size under this load (measured: RSS rises for ~30 s, then saw-tooths around a level as full collections
 * return it; a KB-search-only run for 150 s went 299 -> 362 -> 311 MB). An RSS taken earlier would show that
 * growth, not a leak.
 *
 *   npm run bench:load -- [--clients 50] [--duration 60] [--warmup 30] [--kind-seconds 15]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { cpuMs, rssMb } from './proc-stats';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    'kind-seconds': { type: 'string', default: '15' },
  },
});
const CLIENTS = Number(values.clients);
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const KIND_S = Number(values['kind-seconds']);

type Kind = 'kb_search' | 'sql' | 'agent_stream';
/** How often each kind is picked: searches and SQL are the common case, agent runs the heavy one. */
const MIX: [Kind, number][] = [
  ['kb_search', 0.45],
  ['sql', 0.4],
  ['agent_stream', 0.15],
];

const QUESTIONS = [
  'how do I upload a file',
  'what happens when my session expires',
  'how is text chunked',
  'can I stop a running statement',
  'how are api keys protected',
  'what is hybrid search',
  'how do I ask an agent with SQL',
  'where is my data stored',
  'how do I export results',
  'which file formats are supported',
];
const CATEGORIES = ['Worksheet', 'Knowledge bases', 'Agents', 'Uploads and files', 'Login and security'];

/** A seeded generator: every run asks the same sequence of requests. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function ordersCsv(rows: number): string {
  const rand = prng(7);
  const lines = ['id,customer,region,amount,status'];
  const regions = ['north', 'south', 'east', 'west'];
  const statuses = ['open', 'paid', 'shipped', 'refunded'];
  for (let i = 0; i < rows; i++) {
    const r = regions[Math.floor(rand() * 4)];
    const s = statuses[Math.floor(rand() * 4)];
    lines.push(`${i},customer_${Math.floor(rand() * 500)},${r},${(rand() * 1000).toFixed(2)},${s}`);
  }
  return `${lines.join('\n')}\n`;
}

function sqlFor(kind: 'kb_search' | 'sql', rand: () => number): string {
  const q = QUESTIONS[Math.floor(rand() * QUESTIONS.length)];
  if (kind === 'kb_search') {
    const filter =
      rand() < 0.3 ? ` AND category = '${CATEGORIES[Math.floor(rand() * CATEGORIES.length)]}'` : '';
    return `SELECT * FROM mindsdb.help_kb WHERE content = '${q}'${filter} LIMIT 5`;
  }
  const queries = [
    'SELECT region, status, count(*) AS n, round(sum(amount), 2) AS total FROM files.orders GROUP BY region, status ORDER BY region, status',
    `SELECT customer, sum(amount) AS spent FROM files.orders WHERE region = 'north' GROUP BY customer ORDER BY spent DESC LIMIT 10`,
    `SELECT id, title, category FROM files.help_articles WHERE body ILIKE '%${q.split(' ').at(-1)}%' ORDER BY id LIMIT 5`,
    'SELECT o.status, count(*) AS n FROM files.orders o WHERE o.amount > 500 GROUP BY o.status',
    `SELECT * FROM files.orders WHERE id = ${Math.floor(rand() * 20000)}`,
  ];
  return queries[Math.floor(rand() * queries.length)];
}

interface Stats {
  latencies: number[];
  errors: number;
  firstError?: string;
}

const newStats = () => new Map<Kind, Stats>(MIX.map(([k]) => [k, { latencies: [], errors: 0 }]));
let stats = newStats();

function pick(rand: () => number, mix: [Kind, number][]): Kind {
  let x = rand();
  for (const [kind, weight] of mix) {
    if ((x -= weight) < 0) return kind;
  }
  return MIX[0][0];
}

/** One request of a kind; resolves with an error message, or undefined when the answer was right. */
async function run(base: string, kind: Kind, rand: () => number): Promise<string | undefined> {
  if (kind === 'agent_stream') {
    const question = QUESTIONS[Math.floor(rand() * QUESTIONS.length)];
    const res = await fetch(`${base}/api/projects/mindsdb/agents/help_agent/completions/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ question }] }),
    });
    const text = await res.text();
    if (res.status !== 200) return `HTTP ${res.status}: ${text.slice(0, 200)}`;
    if (text.includes('"type":"error"'))
      return `error event: ${text.slice(text.indexOf('"type":"error"'), 300)}`;
    if (!text.includes('"output"') || !text.trimEnd().endsWith('data: {"type":"end"}')) {
      return `incomplete stream: ${text.slice(-200)}`;
    }
    return undefined;
  }
  const res = await fetch(`${base}/api/sql/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: sqlFor(kind, rand) }),
  });
  const text = await res.text();
  if (res.status !== 200) return `HTTP ${res.status}: ${text.slice(0, 200)}`;
  const body = JSON.parse(text) as { type: string; error_message?: string; data?: unknown[] };
  if (body.type !== 'table') return `${body.type}: ${body.error_message ?? text.slice(0, 200)}`;
  if (kind === 'kb_search' && !body.data?.length) return 'a search found nothing';
  return undefined;
}

/** Runs clients until `until`; records only when `record` is true (the warm-up is not counted). */
async function client(
  base: string,
  seed: number,
  until: number,
  record: boolean,
  mix: [Kind, number][] = MIX,
): Promise<void> {
  const rand = prng(seed);
  while (performance.now() < until) {
    const kind = pick(rand, mix);
    const t0 = performance.now();
    let error: string | undefined;
    try {
      error = await run(base, kind, rand);
    } catch (err) {
      error = `request failed: ${(err as Error).message}`;
    }
    if (!record) continue;
    const s = stats.get(kind)!;
    s.latencies.push(performance.now() - t0);
    if (error) {
      s.errors++;
      s.firstError ??= error;
    }
  }
}

/** How long a stretch of once-a-second RSS readings makes one level. */
const RSS_WINDOW_MS = 10_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Each kind alone with every client: server CPU per request, p99 and requests/s of that kind. */
async function perKindRuns(base: string, pid: number): Promise<void> {
  console.log(`\neach kind alone, ${CLIENTS} clients, ${KIND_S} s each (after 3 s of warm-up):`);
  for (const [kind] of MIX) {
    const only: [Kind, number][] = [[kind, 1]];
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        client(base, 5000 + i, performance.now() + 3000, false, only),
      ),
    );
    stats = newStats();
    const cpu0 = await cpuMs(pid);
    const t0 = performance.now();
    const end = t0 + KIND_S * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(base, 7000 + i, end, true, only)));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = (await cpuMs(pid)) - cpu0;
    const s = stats.get(kind)!;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(13)} count ${String(sorted.length).padStart(7)}  errors ${String(s.errors).padStart(4)}` +
        `  CPU/request ${ms(cpu / Math.max(1, sorted.length))}  p50 ${ms(pct(sorted, 50))}  p99 ${ms(pct(sorted, 99))}` +
        `  ${(sorted.length / elapsed).toFixed(0).padStart(4)} requests/s  server CPU ${(cpu / 1000 / elapsed).toFixed(2)} cores` +
        `  load average ${loadavg()}`,
    );
    if (s.firstError) console.log(`  first error: ${s.firstError}`);
  }
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-load-'));
  let server: ServerProcess | undefined;
  try {
    // The server logs a line per agent run: keep only the tail, for a failure report.
    server = await startServerProcess({ dataDir, demo: true, outputLimit: 4000 });
    const base = server.url;
    const pid = server.process.pid!;
    const form = new FormData();
    form.append('file', new Blob([ordersCsv(20_000)]), 'orders.csv');
    const up = await fetch(`${base}/api/files/orders?replace=true`, { method: 'PUT', body: form });
    if (up.status !== 200) throw new Error(`upload failed: ${await up.text()}`);

    console.log(
      `load: ${CLIENTS} clients, ${WARMUP_S} s warm-up then ${DURATION_S} s measured; mix ` +
        MIX.map(([k, w]) => `${k} ${Math.round(w * 100)}%`).join(', '),
    );
    // RSS once a second from the start of the warm-up: a level is the median of a window's samples, so that
    // where a single reading falls in a garbage collection's saw-tooth does not decide the figure.
    const samples: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => {
      const at = performance.now();
      void rssMb(pid).then((mb) => samples.push({ at, mb }));
    }, 1000);
    const warmEnd = performance.now() + WARMUP_S * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(base, 1000 + i, warmEnd, false)));
    const cpu0 = await cpuMs(pid);
    const t0 = performance.now();
    const end = t0 + DURATION_S * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(base, i + 1, end, true)));
    clearInterval(sampler);
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = (await cpuMs(pid)) - cpu0;
    const window = (from: number, to: number) =>
      samples.filter((x) => x.at >= from && x.at <= to).map((x) => x.mb);
    const rssWarm = median(window(t0 - RSS_WINDOW_MS, t0));
    const rssEnd = median(window(end - RSS_WINDOW_MS, end + 1000));
    const during = window(t0, end + 1000);

    let total = 0;
    let errors = 0;
    for (const [kind, s] of stats) {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      total += sorted.length;
      errors += s.errors;
      console.log(
        `${kind.padEnd(13)} count ${String(sorted.length).padStart(7)}  errors ${String(s.errors).padStart(4)}` +
          `  p50 ${ms(pct(sorted, 50))}  p95 ${ms(pct(sorted, 95))}  p99 ${ms(pct(sorted, 99))}`,
      );
      if (s.firstError) console.log(`  first error: ${s.firstError}`);
    }
    console.log(
      `total         count ${String(total).padStart(7)}  errors ${String(errors).padStart(4)}  ${(total / elapsed).toFixed(0)} requests/s` +
        `  server CPU ${ms(cpu / Math.max(1, total))} per request, ${(cpu / 1000 / elapsed).toFixed(2)} cores` +
        ` of ${os.cpus().length}  load average ${loadavg()}`,
    );
    console.log(
      `server RSS after warm-up ${rssWarm.toFixed(1)} MB, at end ${rssEnd.toFixed(1)} MB, ratio ${(rssEnd / rssWarm).toFixed(3)}` +
        ` (medians of the last ${RSS_WINDOW_MS / 1000} s of each; lowest ${Math.min(...during).toFixed(1)} MB,` +
        ` highest ${Math.max(...during).toFixed(1)} MB during the measured run)`,
    );
    if (KIND_S > 0) await perKindRuns(base, pid);
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
