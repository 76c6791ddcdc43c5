import { useState, type FormEvent } from 'react';
import { useFiles } from '../../api/files/queries';
import { useCreateKnowledgeBase } from '../../api/knowledge-bases/mutations';
import { fieldError, formError } from '../../components/field-errors';
import { CreateResourceForm, useNewDraft } from '../../components/create-resource-form';
import { TextField } from '../../components/field';
import { createInput, emptyDraft, FIELD, validateDraft, type KbDraft, PLACED_FIELDS } from './kb-draft';
import { kbPath } from '../../lib/paths';
import { KbSettingsFields } from './kb-settings-fields';
import { ShapeAfterTable, useTableSample } from './shape-after-table';
import type { ShapeGuess } from './shape-guess';
import '../../components/resource-page.css';
import './knowledge-bases.css';

const creating = (draft: KbDraft) => validateDraft(draft, true);

/** Creates a KB; optionally shaped after a table of files, which the load tab then offers. */
export function CreateKnowledgeBasePage({ project }: { project: string }) {
  const files = useFiles();
  const create = useCreateKnowledgeBase(project);
  const { draft, edit, errors, fields, setErrors, form, openCreated, unsaved } = useNewDraft<KbDraft>(
    emptyDraft,
    { validate: creating, create },
  );
  const [table, setTable] = useState('');
  const columns = useTableSample(table).data?.columns ?? [];

  /** Shapes the KB after the table, once the user confirmed the guess: content, id, the rest as metadata. */
  const applyShape = (guess: ShapeGuess) =>
    edit({
      ...draft,
      content_columns: guess.content ? [guess.content] : draft.content_columns,
      id_column: guess.id || draft.id_column,
      metadata_columns: guess.metadata,
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = creating(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(createInput(draft), {
      onSuccess: (kb) => {
        const query = table ? `?tab=load&table=${encodeURIComponent(table)}` : '?tab=load';
        openCreated(`${kbPath(project, kb.name)}${query}`);
      },
    });
  };
  const nameError = errors[FIELD.name] ?? fieldError(create.error, FIELD.name);

  return (
    <CreateResourceForm
      listLabel="Knowledge bases"
      listHref={kbPath(project)}
      title="New knowledge base"
      project={project}
      form={form}
      className="kb-settings"
      onSubmit={submit}
      general={formError(create.error, PLACED_FIELDS)}
      note="Settings left empty take the server's defaults."
      pending={create.isPending}
      createLabel="Create knowledge base"
      unsaved={unsaved}
      what="settings"
    >
      <div className="rp-section">
        <div className="rp-grid">
          <TextField
            label="Name"
            hint={`Letters, digits and _. Searched as ${project}.${draft.name || 'name'}.`}
            error={nameError}
            value={draft.name}
            autoFocus
            spellCheck={false}
            onChange={(e) => edit({ ...draft, name: e.target.value })}
          />
          <ShapeAfterTable files={files.data} table={table} onTable={setTable} onApply={applyShape} />
        </div>
      </div>
      <KbSettingsFields
        {...fields}
        serverError={create.error}
        savedKeys={{ embedding: false, reranking: false }}
        columnSuggestions={columns}
      />
    </CreateResourceForm>
  );
}
