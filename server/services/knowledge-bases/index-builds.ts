import { PHASE_LABELS, type IndexPhase } from '../../engines/vector-index';
import { ValidationError } from '../../errors';
import { formatTimestamp } from '../../util/time';

/** A CREATE INDEX ON KNOWLEDGE_BASE as the console shows it while it runs and after. */
export interface IndexBuild {
  state: 'building' | 'done' | 'failed';
  /** Chunks the index covers (counted when the build started). */
  chunks: number;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** The phase running now (the last one reached, once the build has ended); null before the first. */
  phase: IndexPhase | null;
  /** The phase in words, e.g. "building the full-text index". */
  phase_label: string | null;
  /** Phases finished, of `phases_total`. */
  phases_done: number;
  phases_total: number;
  /**
   * Share of the phases finished, 0 to 100. LanceDB reports no progress within a phase, so this counts
   * phases, not rows; the vector phase takes most of the time.
   */
  percent: number;
}

/** DESCRIBE KNOWLEDGE_BASE's INDEX_STATUS: the latest build in a few words, null when none ran. */
export function describeIndexBuild(build: IndexBuild | null): string | null {
  if (!build) return null;
  if (build.state === 'done') return `built over ${build.chunks} chunks at ${build.finished_at}`;
  if (build.state === 'failed') return `failed: ${build.error}`;
  const step = `phase ${Math.min(build.phases_done + 1, build.phases_total)} of ${build.phases_total}`;
  return `building: ${build.phase_label ?? 'starting'} (${step}, ${build.percent}%)`;
}

/**
 * The latest index build of each knowledge base (by id), in memory: a build takes seconds to minutes; it
 * shows its phase as it goes, which is what a user watching it needs to know.
 */
export class IndexBuilds {
  private readonly builds = new Map<number, IndexBuild>();

  get(kbId: number): IndexBuild | null {
    const build = this.builds.get(kbId);
    return build ? { ...build } : null;
  }

  /** Runs `build` (which returns the rows indexed and reports each phase as it starts), noting its course. */
  async run(
    kbId: number,
    kbName: string,
    count: () => Promise<number>,
    build: (onPhase: (phase: IndexPhase, phases: readonly IndexPhase[]) => void) => Promise<number>,
  ): Promise<number> {
    const chunks = await count();
    if (chunks === 0) {
      throw new ValidationError(
        `Knowledge base '${kbName}' holds no chunks yet: insert data, then create the index`,
      );
    }
    const entry: IndexBuild = {
      state: 'building',
      chunks,
      started_at: formatTimestamp(),
      finished_at: null,
      error: null,
      phase: null,
      phase_label: null,
      phases_done: 0,
      phases_total: 0,
      percent: 0,
    };
    this.builds.set(kbId, entry);
    const onPhase = (phase: IndexPhase, phases: readonly IndexPhase[]) => {
      const done = phases.indexOf(phase);
      Object.assign(entry, {
        phase,
        phase_label: PHASE_LABELS[phase],
        phases_done: done,
        phases_total: phases.length,
        percent: Math.round((100 * done) / phases.length),
      });
    };
    try {
      const rows = await build(onPhase);
      Object.assign(entry, {
        state: 'done',
        chunks: rows,
        finished_at: formatTimestamp(),
        phases_done: entry.phases_total,
        percent: 100,
      });
      return rows;
    } catch (err) {
      const cause = err instanceof Error ? err.message.split('\n')[0] : String(err);
      Object.assign(entry, { state: 'failed', error: cause, finished_at: formatTimestamp() });
      throw new ValidationError(`The index of knowledge base '${kbName}' could not be built: ${cause}`);
    }
  }

  forget(kbId: number): void {
    this.builds.delete(kbId);
  }
}
