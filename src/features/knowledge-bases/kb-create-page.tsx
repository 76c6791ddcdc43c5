import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useFiles } from '../../api/files/queries';
import { useCreateKnowledgeBase } from '../../api/knowledge-bases/mutations';
import { fieldError, formError } from '../../components/field-errors';
import { useFocusFirstInvalid, useNavigateWhenSet } from '../../components/form-effects';
import { NewResourceHeader } from '../../components/resource-header';
import { FieldError } from '../../components/model-fields/model-fields';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { createInput, emptyDraft, FIELD, validateDraft, type KbDraft, PLACED_FIELDS } from './kb-draft';
import { kbPath } from '../../lib/paths';
import { KbSettingsFields } from './kb-settings-fields';
import { ShapeAfterTable } from './shape-after-table';
import type { ShapeGuess } from './shape-guess';
import '../../components/resource-page.css';
import './knowledge-bases.css';

/** Creates a KB; optionally shaped after a table of files, which the load tab then offers. */
export function CreateKnowledgeBasePage({ project }: { project: string }) {
  const id = useId();
  const files = useFiles();
  const create = useCreateKnowledgeBase(project);
  const [draft, setDraft] = useState<KbDraft>(emptyDraft);
  const [table, setTable] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useNavigateWhenSet();
  const form = useRef<HTMLFormElement>(null);
  const columns = files.data?.find((f) => f.name === table)?.columns ?? [];
  useFocusFirstInvalid(form, [errors, create.error]);

  const change = (next: KbDraft) => {
    setDraft(next);
    setTouched(true);
  };
  /** Shapes the KB after the table, once the user confirmed the guess: content, id, the rest as metadata. */
  const applyShape = (guess: ShapeGuess) =>
    change({
      ...draft,
      content_columns: guess.content ? [guess.content] : draft.content_columns,
      id_column: guess.id || draft.id_column,
      metadata_columns: guess.metadata,
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft, true);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(createInput(draft), {
      onSuccess: (kb) => {
        const query = table ? `?tab=load&table=${encodeURIComponent(table)}` : '?tab=load';
        setCreated(`${kbPath(project, kb.name)}${query}`);
      },
    });
  };
  const nameError = errors[FIELD.name] ?? fieldError(create.error, FIELD.name);
  const general = formError(create.error, PLACED_FIELDS);

  return (
    <div className="page rp">
      <NewResourceHeader
        listLabel="Knowledge bases"
        listHref={kbPath(project)}
        title="New knowledge base"
        project={project}
      />
      <form ref={form} className="kb-settings" aria-label="New knowledge base" onSubmit={submit} noValidate>
        <div className="rp-section">
          <div className="rp-grid">
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                className="input"
                value={draft.name}
                autoFocus
                spellCheck={false}
                aria-invalid={!!nameError || undefined}
                aria-describedby={`${id}-name-hint`}
                onChange={(e) => change({ ...draft, name: e.target.value })}
              />
              <span id={`${id}-name-hint`} className="field-hint">
                Letters, digits and _. Searched as {project}.{draft.name || 'name'}.
              </span>
              <FieldError message={nameError} />
            </div>
            <ShapeAfterTable files={files.data} table={table} onTable={setTable} onApply={applyShape} />
          </div>
        </div>
        <KbSettingsFields
          draft={draft}
          onChange={change}
          errors={errors}
          serverError={create.error}
          savedKeys={{ embedding: false, reranking: false }}
          columnSuggestions={columns}
        />
        {general && (
          <p role="alert" className="error-box">
            Could not create: {general}
          </p>
        )}
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">Settings left empty take the server&apos;s defaults.</span>
          <Link className="btn" to={kbPath(project)}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create knowledge base'}
          </button>
        </div>
      </form>
      <UnsavedChangesGuard when={touched && !created} what="settings" />
    </div>
  );
}
