import { useState, type FormEvent } from 'react';
import { useDropProject, useRenameProject } from '../../api/projects/mutations';
import { ChangesTable } from '../../components/changes-table';
import { TextField } from '../../components/field';
import { problemMessage } from '../../components/field-errors';
import { DialogActions, ModalDialog } from '../../components/modal-dialog';
import { TypeToConfirm } from '../../components/type-to-confirm';
import { projectNameProblem } from './create-project-form';
import { contentsSummary, isEmpty, type ProjectContents } from './project-contents';
import { useProjectContents } from './use-project-contents';

/**
 * Renames a project (MindsDB's `ALTER DATABASE p NAME = 'new'`): the new name, then a review of the change and
 * of what it does not change (SQL and agents that name the old one).
 */
export function RenameProjectDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const rename = useRenameProject();
  const [newName, setNewName] = useState(name);
  const [problem, setProblem] = useState<string>();
  const [reviewing, setReviewing] = useState(false);
  const review = (e: FormEvent) => {
    e.preventDefault();
    const found = projectNameProblem(newName) ?? (newName === name ? 'Type a new name.' : undefined);
    setProblem(found);
    if (!found) setReviewing(true);
  };
  const save = () =>
    rename.mutate({ name, newName }, { onSuccess: onClose, onError: () => setReviewing(false) });
  return (
    <ModalDialog title={`Rename project ${name}`} onClose={onClose}>
      {reviewing ? (
        <>
          <ChangesTable changes={[{ label: 'Name', from: name, to: newName }]} caption="What changes" />
          <p>
            Its knowledge bases, agents, views and jobs move with it. SQL that names it by its old name (in
            views, jobs, agents' tables such as <code>{name}.docs</code>, or your worksheets) is not
            rewritten.
          </p>
          <DialogActions>
            <button type="button" className="btn" onClick={() => setReviewing(false)}>
              Back
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={rename.isPending}
              onClick={save}
              autoFocus
            >
              {rename.isPending ? 'Renaming…' : 'Rename project'}
            </button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={review} noValidate>
          <TextField
            label="New name"
            value={newName}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            hint="MindsDB takes only a name in lower case."
            error={problem ?? (rename.error ? problemMessage(rename.error) : undefined)}
            onChange={(e) => {
              setNewName(e.target.value);
              setProblem(undefined);
              if (rename.error) rename.reset();
            }}
          />
          <DialogActions>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Review…
            </button>
          </DialogActions>
        </form>
      )}
    </ModalDialog>
  );
}

function ContentsList({ contents }: { contents: ProjectContents }) {
  const named: [keyof ProjectContents, string][] = [
    ['knowledgeBases', 'Knowledge bases'],
    ['agents', 'Agents'],
    ['views', 'Views'],
    ['jobs', 'Jobs'],
    ['other', 'Other tables'],
  ];
  return (
    <ul className="projects-contents" aria-label="What the project holds">
      {named
        .filter(([kind]) => contents[kind].length)
        .map(([kind, label]) => (
          <li key={kind}>
            <strong>{label}:</strong> {contents[kind].join(', ')}
          </li>
        ))}
    </ul>
  );
}

/** Deletes a project once its name is typed, after listing what it holds (deleted with it here). */
export function DeleteProjectDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const drop = useDropProject();
  const { pending, error, contents } = useProjectContents(name);
  return (
    <TypeToConfirm
      title={`Delete project ${name}?`}
      confirmText={name}
      actionLabel="Delete project"
      pendingLabel="Deleting…"
      pending={drop.isPending}
      error={drop.isError ? problemMessage(drop.error) : undefined}
      onClose={onClose}
      onConfirm={() => drop.mutate(name, { onSuccess: onClose })}
    >
      {pending && <p className="muted">Reading what it holds…</p>}
      {error && <p className="field-error">Could not read what it holds: {error.message}</p>}
      {!pending && !error && isEmpty(contents) && <p>It holds nothing. This cannot be undone.</p>}
      {!pending && !isEmpty(contents) && (
        <div role="note" aria-label="What is deleted with it">
          <p>
            It holds{' '}
            {contentsSummary(contents)
              .map((s) => s.text)
              .join(', ')}
            . They are deleted with it (a MindsDB server refuses instead: delete them there first). This
            cannot be undone.
          </p>
          <ContentsList contents={contents} />
        </div>
      )}
    </TypeToConfirm>
  );
}
