/** What a benchmark reads of another process (the server it started) from /proc, and of a data folder on disk. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ, the same on every Linux build). */
const TICKS_PER_SECOND = 100;

/** CPU time the process has used so far, user + system, all threads, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, hence after the last ')'): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time by thread name, user + system, in ms: the main thread as `main`; Node's helper threads (V8's
 * garbage collection and compilation, libuv's pool, DuckDB's) are all named `node`, LanceDB's by its runtime.
 */
export async function threadCpuMs(pid: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const task of await fs.readdir(`/proc/${pid}/task`)) {
    const stat = await fs.readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue; // the thread ended meanwhile
    const name = task === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    byName.set(name, (byName.get(name) ?? 0) + ms);
  }
  return byName;
}

async function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return kb / 1024;
}

/** The process's resident memory now, in MB. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** The highest resident memory the process has had, in MB (the kernel's high-water mark). */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** Bytes of every file under `dir`. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The 1-minute load average and the cores, to print beside a timing taken on a shared machine. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;
