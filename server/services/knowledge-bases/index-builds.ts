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
}

/**
 * The latest index build of each knowledge base (by id), in memory: a build takes seconds to minutes and
 * reports no finer progress than its start and end, which is what a user watching it needs to know.
 */
export class IndexBuilds {
  private readonly builds = new Map<number, IndexBuild>();

  get(kbId: number): IndexBuild | null {
    const build = this.builds.get(kbId);
    return build ? { ...build } : null;
  }

  /** Runs `build` (which returns the rows indexed), noting its start, end and outcome. */
  async run(
    kbId: number,
    kbName: string,
    count: () => Promise<number>,
    build: () => Promise<number>,
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
    };
    this.builds.set(kbId, entry);
    try {
      const rows = await build();
      Object.assign(entry, { state: 'done', chunks: rows, finished_at: formatTimestamp() });
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
