/**
 * The 1- and 32-client lines of bench:dense (dense.ts): closed-loop clients sending the same semantic searches
 * through HTTP, and where 32 clients' CPU goes on the machine's 2 cores (the server's main thread, its other
 * threads, and the benchmark's own process, which holds the clients and the stand-in embedding model).
 */
import type { ServerProcess } from '../server/test/server-process';
import { closedLoop, httpSql, type SqlAnswer } from './http-sql';
import { loadAverage, threadCpuMs } from './proc-stats';

export async function concurrency(server: ServerProcess, statements: string[]): Promise<void> {
  const sql = httpSql(server.url);
  await closedLoop(sql, statements, 32, 3); // warm-up
  const one = await closedLoop(sql, statements, 1, 10);
  // Where 32 clients' time goes on 2 cores: the server's main thread, its other threads, and this process
  // (the clients, and the stand-in embedding model on its own thread).
  const pid = server.process.pid!;
  const [threads0, self0] = [await threadCpuMs(pid), process.cpuUsage()];
  const many = await closedLoop(sql, statements, 32, 15);
  const [threads1, self1] = [await threadCpuMs(pid), process.cpuUsage(self0)];
  const line = (label: string, r: typeof one) =>
    `${label}: ${r.perSecond.toFixed(0)} requests/s, ${r.errors} errors of ${r.requests}, ` +
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
  console.log(`semantic top-10 through HTTP, ${line('1 client', one)} (${loadAverage()})`);
  console.log(
    `  ${line('32 concurrent clients', many)}; ${(many.perSecond / one.perSecond).toFixed(2)}x one client ` +
      `(target >= 1.6x, 0 errors, p99 <= 50 ms; ${loadAverage()})`,
  );
  const perRequest = (ms: number) => (ms / many.requests).toFixed(2);
  const serverMs = (threads: Map<string, number>) => [...threads.values()].reduce((a, b) => a + b, 0);
  const mainMs = (threads1.get('main') ?? 0) - (threads0.get('main') ?? 0);
  console.log(
    `  CPU per request with 32 clients: server ${perRequest(serverMs(threads1) - serverMs(threads0))} ms ` +
      `(main thread ${perRequest(mainMs)} ms), benchmark process (clients and stand-in) ` +
      `${perRequest((self1.user + self1.system) / 1000)} ms`,
  );
  if (many.firstError ?? one.firstError) console.log(`  first error: ${many.firstError ?? one.firstError}`);
}

/**
 * Searches of other queries (`statements`) from 32 clients for 3 s, before the timed ones, as `concurrency` has
 * before its lines: a server's first thousand or so searches run slower (code the JIT has not compiled yet;
 * one-client searches took 5-6 ms where the same server later answers in 2.5), which is what the restart line
 * measures, not a search's speed.
 */
export async function warmUp(
  sql: (query: string) => Promise<SqlAnswer>,
  statements: string[],
): Promise<void> {
  const run = await closedLoop(sql, statements, 32, 3);
  console.log(
    `warm-up: ${run.requests} semantic searches of other queries from 32 clients (p50 ${run.p50.toFixed(1)} ms, ` +
      `${run.errors} errors), then the timed searches`,
  );
}
