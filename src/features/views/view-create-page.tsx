import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { objectNamePattern } from '../../../protocol/api/files';
import { useCreateView } from '../../api/views/mutations';
import { TextField } from '../../components/field';
import { useFocusFirstInvalid, useNavigateWhenSet } from '../../components/form-effects';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import { NewResourceHeader } from '../../components/resource-header';
import { SqlField } from '../../components/sql-editor/sql-field';
import { viewPath } from '../../lib/paths';
import { querySqlProblem, refusedForName } from './view-sql-error';
import '../../components/resource-page.css';
import './views.css';

interface ViewDraft {
  name: string;
  query: string;
}

const emptyDraft = (): ViewDraft => ({ name: '', query: '' });

function validate(draft: ViewDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name) errors.name = 'Give the view a name.';
  else if (!objectNamePattern.test(draft.name))
    errors.name = 'Use letters, digits and _, starting with a letter or _.';
  if (!draft.query.trim()) errors.query = 'A view needs a SELECT.';
  return errors;
}

/** Whether a draft holds anything typed: only such a draft is kept. */
const isUnsaved = (draft: object) => JSON.stringify(draft) !== JSON.stringify(emptyDraft());

/** Creates a view (CREATE VIEW in its project), then opens its page. The draft is kept in this browser. */
export function ViewCreatePage({ project }: { project: string }) {
  const create = useCreateView(project);
  const key = draftKey('view', `${project}/-new`);
  const kept = useStoredDraft(key, emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, openCreated] = useNavigateWhenSet();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, [errors]);
  const draft = kept.draft;
  const edit = (next: ViewDraft) => {
    kept.edit(next, isUnsaved(next));
    if (Object.keys(errors).length) setErrors(validate(next));
    if (create.error) create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { name: draft.name, query: draft.query },
      {
        onSuccess: () => {
          kept.reset(emptyDraft());
          openCreated(viewPath(project, draft.name));
        },
      },
    );
  };
  return (
    <div className="page rp">
      <NewResourceHeader listLabel="Views" listHref={viewPath(project)} title="New view" project={project} />
      <form ref={form} className="view-form" aria-label="New view" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={draft.name}
          autoComplete="off"
          spellCheck={false}
          error={errors.name ?? (refusedForName(create.error) ? querySqlProblem(create.error) : undefined)}
          onChange={(e) => edit({ ...draft, name: e.target.value })}
        />
        <SqlField
          label="Query"
          editorId={key}
          project={project}
          value={draft.query}
          onChange={(query) => edit({ ...draft, query })}
          hint="One SELECT, read in this project. Saved with CREATE VIEW."
          error={errors.query ?? (refusedForName(create.error) ? undefined : querySqlProblem(create.error))}
        />
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">
            {isUnsaved(kept.draft) ? 'This draft is kept in this browser until the view is created.' : ''}
          </span>
          {isUnsaved(kept.draft) && (
            <button type="button" className="btn" onClick={() => kept.reset(emptyDraft())}>
              Discard draft
            </button>
          )}
          <Link className="btn" to={viewPath(project)}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create view'}
          </button>
        </div>
      </form>
    </div>
  );
}
