import type { InsertProgress } from '../../../../protocol/api/knowledge-bases';
import { plural } from '../../../components/format';
import type { LoadJob } from './load-store';

export interface ProgressView {
  /** In [0, 1]; null while the amount done is unknown (the bar then shows activity without a value). */
  fraction: number | null;
  text: string;
}

/** What the progress bar shows, from the load's phase and the server's last progress report. */
export function progressView(job: LoadJob, progress: InsertProgress | undefined): ProgressView {
  if (job.phase === 'done') {
    const n = job.rowsLoaded ?? progress?.rows_done ?? job.rowsTotal;
    return {
      fraction: 1,
      text: n === null || n === undefined ? 'Loaded: 100 %' : `Loaded ${plural(n, 'row')}: 100 %`,
    };
  }
  // A stopped load shows no activity: the bar stays where the server last reported it, without animation.
  if (job.phase === 'failed') return { fraction: stoppedAt(progress), text: 'The load stopped.' };
  if (job.phase === 'cancelled') return { fraction: stoppedAt(progress), text: 'The load was cancelled.' };
  const total = progress && progress.rows_total > 0 ? progress.rows_total : job.rowsTotal;
  const done = progress?.state === 'running' || progress?.state === 'done' ? progress.rows_done : null;
  if (done === null || !total) return { fraction: null, text: 'Embedding rows…' };
  // The insert's own answer says when it is over: until then, never show 100 %.
  const fraction = Math.min(done / total, 0.99);
  return {
    fraction,
    text: `Embedding rows: ${done.toLocaleString('en')} of ${plural(total, 'row')} (${Math.floor(fraction * 100)} %)`,
  };
}

/** Where a stopped load got to, as a fraction; 0 when the server said nothing. */
function stoppedAt(progress: InsertProgress | undefined): number {
  if (!progress || progress.rows_total <= 0) return 0;
  return Math.min(progress.rows_done / progress.rows_total, 0.99);
}
