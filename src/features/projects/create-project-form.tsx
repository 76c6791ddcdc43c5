import { useState, type FormEvent } from 'react';
import { objectNamePattern } from '../../../protocol/api/files';
import { useCreateProject } from '../../api/projects/mutations';
import { TextField } from '../../components/field';
import { problemMessage } from '../../components/field-errors';
import { draftKey, useStoredDraft } from '../../components/stored-draft';

export function projectNameProblem(name: string): string | undefined {
  if (!name) return 'Give the project a name.';
  if (!objectNamePattern.test(name)) return 'Use letters, digits and _, starting with a letter or _.';
  return undefined;
}

/** A new project's name, kept in this browser until it is created; CREATE PROJECT, then the list and picker. */
export function CreateProjectForm() {
  const create = useCreateProject();
  const kept = useStoredDraft(draftKey('project', '-new'), () => '');
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = projectNameProblem(kept.draft);
    setProblem(found);
    if (found) return;
    const name = kept.draft;
    create.mutate(name, {
      onSuccess: () => {
        kept.reset('');
        setCreated(name);
      },
    });
  };
  return (
    <section className="rp-section" aria-labelledby="project-new">
      <h2 id="project-new">New project</h2>
      <form className="projects-create" aria-label="New project" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={kept.draft}
          autoComplete="off"
          spellCheck={false}
          error={problem ?? (create.error ? problemMessage(create.error) : undefined)}
          onChange={(e) => {
            kept.edit(e.target.value, e.target.value !== '');
            setCreated(undefined);
            if (problem) setProblem(projectNameProblem(e.target.value));
            if (create.error) create.reset();
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create project'}
        </button>
      </form>
      {created && (
        <p role="status" className="rp-status">
          Project {created} is created: the project picker offers it.
        </p>
      )}
    </section>
  );
}
