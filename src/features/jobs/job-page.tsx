import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Job } from '../../../protocol/api/jobs';
import { useDeleteJob, useReplaceJob, useSetJobActive } from '../../api/jobs/mutations';
import { useJob, useJobHistory } from '../../api/jobs/queries';
import { formError, problemMessage } from '../../components/field-errors';
import { formatMoment } from '../../components/format';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import { ResourceLoadState } from '../../components/resource-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { jobPath } from '../../lib/paths';
import {
  draftFromJob,
  JOB_FIELD,
  jobChanges,
  replacementInput,
  validateJobDraft,
  type JobDraft,
} from './job-draft';
import { JobFields } from './job-fields';
import { JobHistory } from './job-history';
import { JobReviewDialog } from './job-review-dialog';
import '../../components/resource-page.css';
import './jobs.css';

/**
 * A job: whether it is active, its schedule and statements, its runs; edit (re-created), pause or resume (where
 * the server can: ours), and delete.
 */
export function JobPage({ project, name }: { project: string; name: string }) {
  const job = useJob(project, name);
  const history = useJobHistory(project, name);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="page rp">
      <nav aria-label="Breadcrumb" className="rp-crumbs">
        <ol>
          <li>
            <Link to={jobPath(project)}>Jobs</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <header className="rp-head">
        <h1>{name}</h1>
        {job.data && (
          <div className="rp-head-meta">
            <ActiveBadge job={job.data} />
          </div>
        )}
        <div className="rp-head-actions">
          {job.data && canPause(job.data) && <PauseButton project={project} job={job.data} />}
          <button
            type="button"
            className="btn btn-danger"
            disabled={!job.data}
            onClick={() => setDeleting(true)}
          >
            Delete…
          </button>
        </div>
      </header>
      <ResourceLoadState query={job} kind="job" name={name} project={project} listHref={jobPath(project)} />
      {job.data && <JobBody project={project} job={job.data} />}
      <section className="rp-section" aria-labelledby="job-runs">
        <h2 id="job-runs">Runs</h2>
        {history.isPending && <p className="muted">Loading its runs…</p>}
        {history.isError && !job.isError && (
          <p role="alert" className="error-box">
            Could not read its runs: {history.error.message}
          </p>
        )}
        {history.data && <JobHistory runs={history.data} />}
      </section>
      {deleting && (
        <DeleteJobDialog
          project={project}
          name={name}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(jobPath(project))}
        />
      )}
    </div>
  );
}

const isActive = (job: Job) => job.next_run_at !== null && job.next_run_at !== undefined;
/** Only our server says whether a job is active, and only it can pause one (MindsDB cannot). */
const canPause = (job: Job) => typeof job.active === 'boolean';
const isPaused = (job: Job) => job.active === false;

function ActiveBadge({ job }: { job: Job }) {
  if (isPaused(job)) return <span className="rp-badge">Paused</span>;
  return isActive(job) ? (
    <span className="rp-badge is-accent">Active</span>
  ) : (
    <span className="rp-badge">Finished: no run to come</span>
  );
}

/** Pause or Resume, after a confirmation that says what follows. */
function PauseButton({ project, job }: { project: string; job: Job }) {
  const setActive = useSetJobActive(project, job.name);
  const [asking, setAsking] = useState(false);
  const paused = isPaused(job);
  const verb = paused ? 'Resume' : 'Pause';
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={setActive.isPending}
        onClick={() => {
          setActive.reset();
          setAsking(true);
        }}
      >
        {verb}…
      </button>
      {setActive.isError && (
        <p role="alert" className="error-box">
          Could not {verb.toLowerCase()} it: {problemMessage(setActive.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`${verb} job ${job.name}?`}
        confirmLabel={`${verb} job`}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setActive.mutate(paused);
        }}
      >
        <p>
          {paused
            ? 'It runs again from its next scheduled time after now; the runs it missed while paused are not made up.'
            : 'It will not run until it is resumed. What its runs already wrote stays.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The job as saved, or its edit form while a draft of it is kept (a reload reopens the form). */
function JobBody({ project, job }: { project: string; job: Job }) {
  const key = draftKey('job', `${project}/${job.name}`);
  const kept = useStoredDraft<JobDraft | null>(key, () => null);
  const draft = kept.draft;
  if (draft) return <JobEditForm project={project} job={job} draft={draft} kept={kept} editorKey={key} />;
  return (
    <>
      <section className="rp-section" aria-labelledby="job-schedule">
        <h2 id="job-schedule">Schedule</h2>
        <dl className="job-facts">
          <dt>Status</dt>
          <dd>
            {isPaused(job)
              ? 'Paused: it does not run until it is resumed'
              : isActive(job)
                ? 'Active'
                : 'Finished: it has no run to come'}
            {!canPause(job) && (
              <span className="muted job-pause-note">
                {' '}
                (a job cannot be paused: MindsDB has no pause or resume for jobs. Delete it to stop it, and
                create it again to resume.)
              </span>
            )}
          </dd>
          <dt>Schedule</dt>
          <dd>{job.schedule_str ?? 'runs once'}</dd>
          <dt>Start</dt>
          <dd>{formatMoment(job.start_at)}</dd>
          <dt>End</dt>
          <dd>{job.end_at ? formatMoment(job.end_at) : 'never'}</dd>
          <dt>Next run</dt>
          <dd>{job.next_run_at ? formatMoment(job.next_run_at) : 'none'}</dd>
        </dl>
      </section>
      <section className="rp-section" aria-labelledby="job-statements">
        <h2 id="job-statements">Statements</h2>
        <pre className="rp-json job-sql">{job.query}</pre>
        {job.if_query && (
          <>
            <h3>Only when this returns rows</h3>
            <pre className="rp-json job-sql">{job.if_query}</pre>
          </>
        )}
        <button type="button" className="btn" onClick={() => kept.edit(draftFromJob(job), true)}>
          Edit job
        </button>
      </section>
    </>
  );
}

function JobEditForm(props: {
  project: string;
  job: Job;
  draft: JobDraft;
  kept: { edit: (d: JobDraft | null, unsaved: boolean) => void; reset: (d: JobDraft | null) => void };
  editorKey: string;
}) {
  const { project, job, draft, kept, editorKey } = props;
  const replace = useReplaceJob(project, job.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  const changes = jobChanges(job, draft);
  const edit = (next: JobDraft) => {
    kept.edit(next, true);
    if (Object.keys(errors).length) setErrors(validateJobDraft(next));
    if (replace.error) replace.reset();
  };
  const review = () => {
    const found = validateJobDraft(draft);
    setErrors(found);
    if (!Object.keys(found).length) setReviewing(true);
  };
  const save = () =>
    replace.mutate(
      { saved: job, job: replacementInput(job, draft) },
      {
        onSuccess: () => kept.reset(null),
        onSettled: () => setReviewing(false),
      },
    );
  const general = formError(replace.error, Object.values(JOB_FIELD));
  return (
    <section className="rp-section" aria-labelledby="job-edit">
      <h2 id="job-edit">Edit job</h2>
      <p className="muted">This draft is kept in this browser until it is saved or discarded.</p>
      <form
        className="job-form"
        aria-label="Edit job"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <JobFields
          project={project}
          editorKey={editorKey}
          draft={draft}
          onChange={edit}
          errors={errors}
          serverError={replace.error}
          nameFixed
        />
        {general && (
          <p role="alert" className="error-box">
            Could not save: {general}
          </p>
        )}
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">
            {changes.length
              ? `${changes.length} unsaved ${changes.length === 1 ? 'change' : 'changes'}`
              : 'No changes'}
          </span>
          <button type="button" className="btn" onClick={() => kept.reset(null)}>
            Discard changes
          </button>
          <button type="submit" className="btn btn-primary" disabled={!changes.length}>
            Review and save…
          </button>
        </div>
      </form>
      {reviewing && (
        <JobReviewDialog
          name={job.name}
          changes={changes}
          pending={replace.isPending}
          onSave={save}
          onClose={() => setReviewing(false)}
        />
      )}
    </section>
  );
}

function DeleteJobDialog(props: {
  project: string;
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { project, name, onClose, onDeleted } = props;
  const remove = useDeleteJob(project);
  return (
    <TypeToConfirm
      title={`Delete job ${name}?`}
      confirmText={name}
      actionLabel="Delete job"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? problemMessage(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() => remove.mutate(name, { onSuccess: onDeleted })}
    >
      <p>It will not run again. What its runs already wrote stays. This cannot be undone.</p>
    </TypeToConfirm>
  );
}
