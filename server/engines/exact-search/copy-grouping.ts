import { assignOnThread } from './assign-thread';
import type { MirroredTable } from './mirrored-table';
import { Centroids, groupPlan, nonZeroShare, sampleSize, slicer, worthGrouping } from './row-groups';
import { trainOnThread } from './train-thread';

/**
 * Groups dense copies' rows in the background (row-groups.ts), one run at a time per table: when a full scan
 * of a copy costs too much, and again once the rows added since its grouping are a quarter of it (each search
 * reads them all).
 */
export class CopyGrouping {
  private readonly runs = new Map<string, Promise<void>>();

  /**
   * `stillHeld`: whether the copy is still the table's and the store open once the groups are trained (else
   * they are thrown away); `report`: a run's failure; `grouped`: a copy's rows were stored in their groups.
   */
  constructor(
    private readonly stillHeld: (name: string, copy: MirroredTable) => boolean,
    private readonly report: (name: string, err: unknown) => void,
    private readonly grouped: (name: string) => void = () => undefined,
  ) {}

  /** Whether the table's copy is being grouped now. */
  running(name: string): boolean {
    return this.runs.has(name);
  }

  whenWorth(name: string, copy: MirroredTable): void {
    if (this.runs.has(name) || !this.stillHeld(name, copy)) return;
    const grouping = copy.grouping;
    if (grouping && grouping.ungrouped * 4 < copy.rows) return;
    if (!worthGrouping(copy.rows, copy.dims, nonZeroShare(copy.sampleVectors(16)))) return;
    const done = this.groupRows(name, copy)
      .catch((err: unknown) => this.report(name, err))
      .finally(() => this.runs.delete(name));
    this.runs.set(name, done);
  }

  /** Whether a run is going on. */
  get busy(): boolean {
    return this.runs.size > 0;
  }

  /** Resolves when the runs going on now have finished. */
  async settled(): Promise<void> {
    await Promise.all(this.runs.values());
  }

  /** Trains the centroids, assigns every row, and stores the copy group by group. */
  private async groupRows(name: string, copy: MirroredTable): Promise<void> {
    const { groups, probes } = groupPlan(copy.rows, copy.dims);
    const generation = copy.generation;
    // Trained, then the rows assigned, on threads of their own: this one goes on answering requests meanwhile.
    const centroids = await trainOnThread(copy.sampleVectors(sampleSize(groups, copy.dims)), groups);
    if (!this.stillHeld(name, copy) || copy.generation !== generation) return;
    const groupOf = await assignOnThread(copy.scoredRows, centroids);
    if (!this.stillHeld(name, copy)) return;
    // False when the copy was compacted meanwhile: its next write tries again.
    if (await copy.group(new Centroids(centroids), groupOf, probes, generation, slicer())) this.grouped(name);
  }
}
