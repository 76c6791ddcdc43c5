/**
 * Where a process's peak resident memory happens: the benchmark names its phases (ingest, index build, copy
 * load, grouping, searches...) as it enters them, and this keeps each phase's peak RSS, exactly, from the
 * kernel's high-water mark: at each phase change the mark is read and then reset (`/proc/<pid>/clear_refs`),
 * so a spike between two samples is not missed. It also samples RSS every second to tell, within a phase,
 * when it peaked and what it came back down to.
 */
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { peakRssMb, rssMb } from './proc-stats';

interface Phase {
  name: string;
  startMs: number;
  endMs: number;
  /** The kernel's high-water mark over the phase, MB. */
  peakMb: number;
  /** When the highest sample of the phase was taken (ms from the timeline's start), and RSS at the end. */
  peakAtMs: number;
  highestSampleMb: number;
  endMb: number;
}

const mb = (value: number) => `${Math.round(value).toLocaleString('en')} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

export class RssTimeline {
  private readonly phases: Phase[] = [];
  private current: Phase;
  private readonly t0 = performance.now();
  private readonly timer: NodeJS.Timeout;
  /** Whether the high-water mark can be reset (Linux >= 4.0, the same user): else the peak is the samples'. */
  private resettable = true;
  private sampling: Promise<void> = Promise.resolve();

  constructor(
    private readonly pid: number,
    firstPhase: string,
    everyMs = 1000,
  ) {
    this.current = this.open(firstPhase);
    this.timer = setInterval(() => {
      this.sampling = this.sample();
    }, everyMs);
    this.timer.unref();
  }

  /** Ends the phase going on and starts `name`. */
  async phase(name: string): Promise<void> {
    await this.close();
    this.current = this.open(name);
  }

  /** Ends the last phase and stops sampling; returns the lines to print. */
  async stop(): Promise<string[]> {
    clearInterval(this.timer);
    await this.close();
    return this.lines();
  }

  /** The highest peak of the phases ended so far, MB. */
  get peakMb(): number {
    return Math.max(0, ...this.phases.map((p) => p.peakMb));
  }

  private open(name: string): Phase {
    const now = performance.now() - this.t0;
    return { name, startMs: now, endMs: now, peakMb: 0, peakAtMs: now, highestSampleMb: 0, endMb: 0 };
  }

  private async sample(): Promise<void> {
    const phase = this.current;
    const now = await rssMb(this.pid).catch(() => 0);
    if (now > phase.highestSampleMb) {
      phase.highestSampleMb = now;
      phase.peakAtMs = performance.now() - this.t0;
    }
  }

  private async close(): Promise<void> {
    await this.sampling;
    await this.sample();
    const phase = this.current;
    phase.endMs = performance.now() - this.t0;
    phase.endMb = await rssMb(this.pid).catch(() => 0);
    const hwm = await peakRssMb(this.pid).catch(() => 0);
    phase.peakMb = Math.max(phase.highestSampleMb, this.resettable ? hwm : 0);
    if (this.resettable) {
      // 5: reset the peak resident set size to the current one (proc(5)).
      this.resettable = await fs.writeFile(`/proc/${this.pid}/clear_refs`, '5').then(
        () => true,
        () => false,
      );
    }
    this.phases.push(phase);
  }

  private lines(): string[] {
    // RSS a phase ends at carries into the next one's first second: the first phase to come within 1% of the
    // highest peak is where it was reached.
    const top = this.phases.find((p) => p.peakMb >= 0.99 * this.peakMb) ?? this.phases[0];
    return [
      `server RSS by phase (peak over the phase; when the highest 1 s sample was taken; RSS at its end):`,
      ...this.phases.map(
        (p) =>
          `  ${p.name} (${s(p.startMs)} - ${s(p.endMs)}): peak ${mb(p.peakMb)} (sampled ${mb(p.highestSampleMb)} ` +
          `at ${s(p.peakAtMs)}), at the end ${mb(p.endMb)}`,
      ),
      `  the peak, ${mb(this.peakMb)}, was reached in: ${top.name}`,
    ];
  }
}
