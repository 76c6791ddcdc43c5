import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCreateJob } from '../../api/jobs/mutations';
import { formError } from '../../components/field-errors';
import { useFocusFirstInvalid, useNavigateWhenSet } from '../../components/form-effects';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import { NewResourceHeader } from '../../components/resource-header';
import { jobPath } from '../../lib/paths';
import { emptyJobDraft, JOB_FIELD, jobInputOf, validateJobDraft } from './job-draft';
import { JobFields } from './job-fields';
import '../../components/resource-page.css';
import './jobs.css';

const PLACED = Object.values(JOB_FIELD);

/** Whether a draft holds anything typed: only such a draft is kept. */
const isUnsaved = (draft: object) => JSON.stringify(draft) !== JSON.stringify(emptyJobDraft());

/** Creates a job, then opens its page. The draft is kept in this browser until it is created or discarded. */
export function JobCreatePage({ project }: { project: string }) {
  const create = useCreateJob(project);
  const kept = useStoredDraft(draftKey('job', `${project}/-new`), emptyJobDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, openCreated] = useNavigateWhenSet();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, [errors, create.error]);

  const edit = (next: typeof kept.draft) => {
    kept.edit(next, isUnsaved(next));
    if (Object.keys(errors).length) setErrors(validateJobDraft(next));
    if (create.error) create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateJobDraft(kept.draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(jobInputOf(kept.draft), {
      onSuccess: (job) => {
        kept.reset(emptyJobDraft());
        openCreated(jobPath(project, job.name));
      },
    });
  };
  const general = formError(create.error, PLACED);

  return (
    <div className="page rp">
      <NewResourceHeader listLabel="Jobs" listHref={jobPath(project)} title="New job" project={project} />
      <form ref={form} className="job-form" aria-label="New job" onSubmit={submit} noValidate>
        <JobFields
          project={project}
          editorKey={`job/${project}/-new`}
          draft={kept.draft}
          onChange={edit}
          errors={errors}
          serverError={create.error}
        />
        {general && (
          <p role="alert" className="error-box">
            Could not create: {general}
          </p>
        )}
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">
            {isUnsaved(kept.draft) ? 'This draft is kept in this browser until the job is created.' : ''}
          </span>
          {isUnsaved(kept.draft) && (
            <button type="button" className="btn" onClick={() => kept.reset(emptyJobDraft())}>
              Discard draft
            </button>
          )}
          <Link className="btn" to={jobPath(project)}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create job'}
          </button>
        </div>
      </form>
    </div>
  );
}
