import { useJobs } from '../../api/jobs/queries';
import { useDatabaseObjects } from '../../api/tree/queries';
import { projectContents } from './project-contents';

/** What a project holds, read from the object browser's answer and its jobs. */
export function useProjectContents(name: string) {
  const objects = useDatabaseObjects(name);
  const jobs = useJobs(name);
  const pending = objects.isPending || jobs.isPending;
  const error = objects.error ?? jobs.error;
  const contents = projectContents(objects.data ?? [], jobs.data ?? []);
  return { pending, error, contents };
}
