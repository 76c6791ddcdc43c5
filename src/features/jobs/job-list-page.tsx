import { Link } from 'react-router';
import type { Job } from '../../../protocol/api/jobs';
import { useJobHistories, useJobs } from '../../api/jobs/queries';
import { formatMoment } from '../../components/format';
import { ResourceListPage, type ListWords } from '../../components/resource-list-page';
import { TableHead } from '../../components/table-head';
import { jobPath, newJobPath } from '../../lib/paths';
import { firstLine, newestFirst, runOutcome } from './job-runs';
import '../../components/resource-page.css';
import './jobs.css';

const WORDS: ListWords = {
  title: 'Jobs',
  many: 'jobs',
  newLabel: 'New job',
  createLabel: 'Create a job',
  intro:
    'A job runs statements on a schedule: keep a knowledge base in step with a table, refresh a summary every night.',
};

/** The jobs of a project: each one's schedule, its next run, and how its last run went (a failure shows here). */
export function JobListPage({ project }: { project: string }) {
  const jobs = useJobs(project);
  return (
    <ResourceListPage project={project} words={WORDS} newHref={newJobPath(project)} query={jobs}>
      {(items) => <JobTable project={project} jobs={items} />}
    </ResourceListPage>
  );
}

function JobTable({ project, jobs }: { project: string; jobs: Job[] }) {
  const histories = useJobHistories(
    project,
    jobs.map((j) => j.name),
  );
  return (
    <table className="rp-table">
      <caption className="sr-only">Jobs of {project}</caption>
      <TableHead columns={['Name', 'Schedule', 'Next run', 'Last run']} />
      <tbody>
        {jobs.map((job, i) => {
          const history = histories[i];
          const last = history?.data ? newestFirst(history.data)[0] : undefined;
          const outcome = last ? runOutcome(last) : undefined;
          return (
            <tr key={job.name}>
              <td>
                <Link to={jobPath(project, job.name)}>{job.name}</Link>
              </td>
              <td>{job.schedule_str ?? <span className="muted">runs once</span>}</td>
              <td>
                {job.active === false ? (
                  <span className="rp-badge">Paused</span>
                ) : job.next_run_at ? (
                  formatMoment(job.next_run_at)
                ) : (
                  <span className="muted">none to come</span>
                )}
              </td>
              <td>
                {history?.isPending && <span className="muted">…</span>}
                {history?.isError && <span className="muted">could not read its runs</span>}
                {history?.data && !last && <span className="muted">not run yet</span>}
                {last && (
                  <span className={`job-run is-${outcome}`}>
                    <span className="job-run-badge">
                      {outcome === 'failed' ? 'Failed' : outcome === 'running' ? 'Running' : 'Succeeded'}
                    </span>{' '}
                    {formatMoment(last.run_start)}
                    {last.error && <span className="job-run-error">{firstLine(last.error)}</span>}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
