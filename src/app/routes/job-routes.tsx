import { useParams } from 'react-router';
import { JobCreatePage } from '../../features/jobs/job-create-page';
import { JobListPage } from '../../features/jobs/job-list-page';
import { JobPage } from '../../features/jobs/job-page';
import { DEFAULT_PROJECT } from '../../lib/paths';
import { projectRoute } from './project-route';

export const JobsRoute = projectRoute(JobListPage);
export const NewJobRoute = projectRoute(JobCreatePage, { fresh: true });

export function JobRoute() {
  const { project = DEFAULT_PROJECT, job = '' } = useParams();
  return <JobPage key={`${project}/${job}`} project={project} name={job} />;
}
