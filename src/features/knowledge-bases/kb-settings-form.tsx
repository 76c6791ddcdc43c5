import { useRef, useState, type FormEvent } from 'react';
import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { useUpdateKnowledgeBase } from '../../api/knowledge-bases/mutations';
import { useKnowledgeBaseHasVectors } from '../../api/knowledge-bases/queries';
import { SavedNotice } from '../../components/changes-table';
import { formError } from '../../components/field-errors';
import { useFocusFirstInvalid } from '../../components/form-effects';
import { describeModel, hasSavedKey } from '../../components/model-fields/model-draft';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { NotKeptNotice } from '../../components/not-kept-notice';
import { useSavedDraft } from '../../components/use-saved-draft';
import { draftFromKb, kbChanges, settingOf, updateInput, validateDraft, PLACED_FIELDS } from './kb-draft';
import { kbNotKept } from './kb-read-back';
import { KbSettingsFields } from './kb-settings-fields';
import { SaveReviewDialog } from '../../components/save-review-dialog';

const KB_DRAFTS = { fromSaved: draftFromKb, changes: kbChanges, notKept: kbNotKept };

function lockReason(kb: KnowledgeBase): string {
  return (
    `Provider and model are locked: this knowledge base holds vectors made by ${describeModel(settingOf(kb, 'embedding_model'))}, ` +
    'and vectors from another model could not be compared with them. Create a new knowledge base to use another model.'
  );
}

/** The settings tab: edit, review the changes, save, and see what the server saved. */
export function KbSettingsForm({ project, kb }: { project: string; kb: KnowledgeBase }) {
  const drafts = useSavedDraft(kb, KB_DRAFTS);
  const { draft, changes, errors } = drafts;
  const [previewing, setPreviewing] = useState(false);
  const vectors = useKnowledgeBaseHasVectors(project, kb.name);
  const update = useUpdateKnowledgeBase(project, kb.name);
  const form = useRef<HTMLFormElement>(null);

  useFocusFirstInvalid(form, [errors, update.error]);

  const review = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft, false);
    drafts.setErrors(found);
    if (Object.keys(found).length === 0 && changes.length > 0) {
      update.reset();
      setPreviewing(true);
    }
  };
  const save = () =>
    update.mutate(updateInput(kb, draft), {
      onSuccess: drafts.afterSave,
      onSettled: () => setPreviewing(false),
    });
  const general = formError(update.error, PLACED_FIELDS);

  return (
    <form
      ref={form}
      className="kb-settings"
      aria-label={`Settings of ${kb.name}`}
      onSubmit={review}
      noValidate
    >
      <KbSettingsFields
        draft={draft}
        onChange={drafts.edit}
        errors={errors}
        serverError={update.error}
        lockedReason={vectors.data ? lockReason(kb) : undefined}
        holdsVectors={vectors.data}
        savedKeys={{
          embedding: hasSavedKey(settingOf(kb, 'embedding_model')),
          reranking: hasSavedKey(settingOf(kb, 'reranking_model')),
        }}
      />
      {general && (
        <p role="alert" className="error-box">
          Could not save: {general}
        </p>
      )}
      <NotKeptNotice changes={drafts.notKept} what="settings" />
      {drafts.lastSaved && changes.length === 0 && <SavedNotice saved={drafts.lastSaved} />}
      <div className="rp-savebar">
        <span className="rp-savebar-note muted" aria-live="polite">
          {changes.length === 0
            ? 'No unsaved changes'
            : `${changes.length} unsaved change${changes.length === 1 ? '' : 's'}`}
        </span>
        <button
          type="button"
          className="btn"
          disabled={changes.length === 0}
          onClick={() => {
            drafts.replace(kb);
            drafts.clearNotKept();
            update.reset();
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={changes.length === 0}>
          Review and save…
        </button>
      </div>
      {previewing && (
        <SaveReviewDialog
          className="kb-preview"
          name={kb.name}
          changes={changes}
          pending={update.isPending}
          onSave={save}
          onClose={() => setPreviewing(false)}
        />
      )}
      <UnsavedChangesGuard when={changes.length > 0} what="settings" />
    </form>
  );
}
