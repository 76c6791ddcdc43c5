/**
 * Agent benchmark: prints figures, asserts nothing.
 * - how often the local agent answers our labelled questions right (bench/agent-quality.ts);
 *   `--answers` runs only that part, `--verbose` prints the answers that were not right, `--fresh[=fresh2]` asks
 *   a fresh set's questions instead (retrieval-data/fresh ... fresh4: each reported once before it was tuned on);
 * - time from sending a streamed completion to its `start` event arriving on the wire;
 * - p50 of a full `local` answer over a knowledge base of 10,000 chunks.
 * Runs the real server (engines in a temporary data folder) on a local port.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { openServices } from '../server/open-services';
import { benchAnswers } from './agent-quality';

const CHUNKS = 10_000;
const RUNS = 25;

const TOPICS = [
  'invoice',
  'refund',
  'shipping',
  'login',
  'upload',
  'password',
  'warehouse',
  'printer',
  'contract',
  'laptop',
];
const WORDS =
  'the customer asked about a delayed order and the support team replied with tracking details while billing checked the account history before closing the ticket with a short note for the next shift'.split(
    ' ',
  );

/** Deterministic pseudo-random text, one short paragraph (one chunk) per row. */
function rows(): string {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lines = ['id,body'];
  for (let i = 0; i < CHUNKS; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const words = Array.from({ length: 28 }, () => WORDS[Math.floor(rand() * WORDS.length)]);
    words.splice(Math.floor(rand() * words.length), 0, topic, `case${i % 997}`);
    lines.push(`r${i},"Ticket ${i} about ${topic}. ${words.join(' ')}."`);
  }
  return lines.join('\n');
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-bench-agent-'));
  // Inserts run to their end before the statement answers, so that the questions meet every document.
  const deps = await openServices({ dataDir: dir, disableKbAutobatch: true });
  const app = createApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const freshArg = process.argv.find((a) => a === '--fresh' || a.startsWith('--fresh='));
    const fresh = freshArg ? (freshArg.split('=')[1] ?? 'fresh') : null;
    await benchAnswers(deps, base, dir, process.argv.includes('--verbose'), fresh);
    if (process.argv.includes('--answers')) return;
    const csv = path.join(dir, 'tickets.csv');
    await fs.writeFile(csv, rows());
    let t0 = performance.now();
    await deps.files.importFile('tickets', csv, 'tickets.csv');
    const session = { db: 'mindsdb', show_secrets: false };
    for (const q of [
      `CREATE KNOWLEDGE_BASE mindsdb.bench_kb USING content_columns = ['body'], id_column = 'id'`,
      'INSERT INTO mindsdb.bench_kb SELECT id, body FROM files.tickets',
    ]) {
      const r = await deps.sql.execute(q, session);
      if (r.type === 'error') throw new Error(r.error_message);
    }
    console.log(`knowledge base of ${CHUNKS} chunks loaded in ${ms(performance.now() - t0)}`);
    await deps.agents.create('mindsdb', {
      name: 'bench_agent',
      model: { provider: 'local' },
      data: { knowledge_bases: ['mindsdb.bench_kb'] },
    });

    const url = `${base}/api/projects/mindsdb/agents/bench_agent`;
    const post = (suffix: string, question: string, signal?: AbortSignal) =>
      fetch(`${url}${suffix}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ question, answer: '' }] }),
        signal,
      });

    // Warm-up: first run loads the vector table and compiles the hot paths.
    await (await post('/completions', 'warm up the refund path')).json();

    const firstEvent: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const controller = new AbortController();
      t0 = performance.now();
      const res = await post(
        '/completions/stream',
        `Why was the ${TOPICS[i % TOPICS.length]} ticket closed?`,
        controller.signal,
      );
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('"type":"start"')) text += new TextDecoder().decode((await reader.read()).value);
      firstEvent.push(performance.now() - t0);
      while (!(await reader.read()).done) {
        // drain: the run finishes before the next one starts
      }
    }

    const full: number[] = [];
    let sample = '';
    for (let i = 0; i < RUNS; i++) {
      t0 = performance.now();
      const body = (await (
        await post('/completions', `What did billing check for the ${TOPICS[i % TOPICS.length]} case${i}?`)
      ).json()) as { message: { content: string } };
      full.push(performance.now() - t0);
      sample = body.message.content;
    }

    console.log(
      `first event (start) on the wire: p50 ${ms(pct(firstEvent, 50))}, p95 ${ms(pct(firstEvent, 95))}, max ${ms(Math.max(...firstEvent))} (target <= 50 ms)`,
    );
    console.log(
      `full local answer over ${CHUNKS} chunks: p50 ${ms(pct(full, 50))}, p95 ${ms(pct(full, 95))}, max ${ms(Math.max(...full))} (target p50 <= 500 ms)`,
    );
    console.log(`sample answer: ${sample.slice(0, 160)}${sample.length > 160 ? '...' : ''}`);
  } finally {
    await app.close();
    await deps.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('bench:agent failed:', (err as Error).message);
  process.exit(1);
});
