import { useId, useState, type FormEvent } from 'react';
import type { Integration } from '../../../protocol/api/databases';
import { ApiError } from '../../api/client';
import { useTestSavedSource, useUpdateDatabase } from '../../api/databases/mutations';
import { SaveReviewDialog } from '../../components/save-review-dialog';
import { problemMessage } from '../../components/field-errors';
import { Field, TextField } from '../../components/field';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import {
  draftFromSaved,
  labelOf,
  parameterChanges,
  parameterFields,
  sourceChanges,
  validateSourceDraft,
  type ParameterField,
  type SourceDraft,
} from './source-draft';

/**
 * A saved source's parameters, editable. Secrets are write-only: the field is empty, a saved one is kept
 * unless a new one is typed. "Test connection" tries the saved parameters, or the edit merged over them;
 * Save shows what will change, then the server tries the new parameters before keeping them.
 */
export function SourceConnectionForm({ source }: { source: Integration }) {
  const saved = source.connection_data;
  const key = draftKey('data-source', source.name);
  const stored = useStoredDraft<SourceDraft>(key, () => draftFromSaved(saved));
  const draft = stored.draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  const [savedNote, setSavedNote] = useState(false);
  const test = useTestSavedSource(source.name);
  const update = useUpdateDatabase(source.name);
  const changes = sourceChanges(saved, draft);
  const dirty = changes.length > 0;
  const fields = parameterFields(source.engine, saved);

  const edit = (next: SourceDraft) => {
    test.reset();
    update.reset();
    setSavedNote(false);
    setErrors({});
    // Secrets never go to storage: only the parameters that are not secret survive a reload.
    const unsaved = sourceChanges(saved, { ...next, secrets: {} }).length > 0;
    stored.edit(next, unsaved);
  };
  const setValue = (k: string, v: string) => edit({ ...draft, values: { ...draft.values, [k]: v } });
  const setSecret = (k: string, v: string) => edit({ ...draft, secrets: { ...draft.secrets, [k]: v } });

  const review = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSourceDraft(saved, draft);
    setErrors(found);
    if (Object.keys(found).length === 0 && dirty) setReviewing(true);
  };
  const save = () =>
    update.mutate(parameterChanges(saved, draft), {
      onSuccess: () => {
        setReviewing(false);
        test.reset();
        setSavedNote(true);
        stored.reset({ ...draft, secrets: {} });
      },
      onError: () => setReviewing(false),
    });
  const tryConnection = () => {
    setSavedNote(false);
    const found = validateSourceDraft(saved, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) test.mutate(parameterChanges(saved, draft));
  };

  const testedEdit = dirty && test.error instanceof ApiError && test.error.status === 404;

  return (
    <form className="rp-section ds-form" aria-labelledby="ds-connection" onSubmit={review} noValidate>
      <h2 id="ds-connection">Connection</h2>
      {stored.restored && dirty && !savedNote && (
        <p className="field-hint" role="note">
          Your unsaved changes were kept from your last visit. Typed passwords are never kept: type them
          again.
        </p>
      )}
      <div className="rp-grid">
        {fields.map((field) => (
          <ParameterInput
            key={field.key}
            field={field}
            value={field.secret ? (draft.secrets[field.key] ?? '') : (draft.values[field.key] ?? '')}
            error={errors[field.key]}
            onChange={(v) => (field.secret ? setSecret(field.key, v) : setValue(field.key, v))}
          />
        ))}
      </div>
      <div aria-live="polite">
        {test.data?.success && (
          <p role="status" className="upload-done">
            {dirty ? 'The connection works with your changes (not saved yet).' : 'The connection works.'}
          </p>
        )}
        {test.data && !test.data.success && (
          <p role="alert" className="error-box">
            The connection failed{dirty ? ' with your changes' : ''}: {test.data.error_message}
          </p>
        )}
        {test.isError &&
          (testedEdit ? (
            <p role="note" className="field-hint">
              This server cannot try changes before they are saved. Save tries them first and keeps the saved
              parameters if they do not connect.
            </p>
          ) : (
            <p role="alert" className="error-box">
              Could not test the connection: {problemMessage(test.error)}
            </p>
          ))}
        {update.isError && (
          <p role="alert" className="error-box">
            Not saved: {problemMessage(update.error)} The saved parameters are unchanged.
          </p>
        )}
        {savedNote && !dirty && (
          <p role="status" className="rp-status">
            Saved. The server tried the new parameters first: the connection works.
          </p>
        )}
      </div>
      <div className="rp-savebar">
        <span className="rp-savebar-note muted">
          {dirty ? `Unsaved: ${changes.map((c) => c.label).join(', ')}` : 'No unsaved changes'}
        </span>
        <button type="button" className="btn" disabled={test.isPending} onClick={tryConnection}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            stored.reset(draftFromSaved(saved));
            setErrors({});
            test.reset();
            update.reset();
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
          Review and save…
        </button>
      </div>
      {reviewing && (
        <SaveReviewDialog
          name={source.name}
          changes={changes}
          caption="Parameters that change"
          countLine={false}
          pending={update.isPending}
          pendingLabel="Trying and saving…"
          onSave={save}
          onClose={() => setReviewing(false)}
        >
          <p className="muted">
            The server tries the new parameters before saving them; if they do not connect, nothing changes.
          </p>
        </SaveReviewDialog>
      )}
      {/* The rest of the draft is kept in the browser; only a typed secret would be lost by leaving. */}
      <UnsavedChangesGuard
        when={Object.values(draft.secrets).some(Boolean)}
        what="typed password (it is never kept in the browser)"
      />
    </form>
  );
}

function ParameterInput(props: {
  field: ParameterField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { field, value, error, onChange } = props;
  const id = useId();
  const label = labelOf(field.key);
  if (field.secret) {
    return (
      <Field
        id={id}
        label={label}
        error={error}
        hint={
          value
            ? `Saving replaces the saved ${label.toLowerCase()}.`
            : field.saved
              ? `Saved and never shown. Type a new one to replace it.`
              : `None saved.`
        }
      >
        {(control) => (
          <input
            className="input"
            {...control}
            type="password"
            value={value}
            autoComplete="new-password"
            placeholder={field.saved ? '•••••••• saved' : 'None'}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      readOnly={field.readOnly}
      hint={field.readOnly ? 'Change this one in SQL (ALTER DATABASE).' : undefined}
      error={error}
      announceError={false}
      spellCheck={false}
      autoComplete="off"
      inputMode={field.key === 'port' ? 'numeric' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
