import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCreateAgent } from '../../api/agents/mutations';
import { formError } from '../../components/field-errors';
import { useFocusFirstInvalid, useNavigateWhenSet } from '../../components/form-effects';
import { NewResourceHeader } from '../../components/resource-header';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { createAgentInput, emptyAgentDraft, validateAgentDraft, type AgentDraft } from './agent-draft';
import { AgentFields } from './agent-fields';
import { MissingKeyWarning, useMissingKeyCheck } from './missing-key';
import { agentPath } from '../../lib/paths';
import '../../components/resource-page.css';
import './agents.css';

const PLACED = ['name', 'model', 'data', 'prompt_template'];

/** Creates an agent, then opens its page. */
export function AgentCreatePage({ project }: { project: string }) {
  const create = useCreateAgent(project);
  const [draft, setDraft] = useState<AgentDraft>(emptyAgentDraft);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useNavigateWhenSet();
  const form = useRef<HTMLFormElement>(null);
  const keyCheck = useMissingKeyCheck(draft.model, false);
  useFocusFirstInvalid(form, [errors, create.error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAgentDraft(draft);
    setErrors(found);
    if (Object.keys(found).length || keyCheck.hold()) return;
    create.mutate(createAgentInput(draft), {
      onSuccess: (agent) => setCreated(agentPath(project, agent.name)),
    });
  };
  const general = formError(create.error, PLACED);

  return (
    <div className="page rp">
      <NewResourceHeader
        listLabel="Agents"
        listHref={agentPath(project)}
        title="New agent"
        project={project}
      />
      <form ref={form} className="ag-form" aria-label="New agent" onSubmit={submit} noValidate>
        <AgentFields
          project={project}
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setTouched(true);
          }}
          errors={errors}
          serverError={create.error}
          savedKey={false}
        />
        {general && (
          <p role="alert" className="error-box">
            Could not create: {general}
          </p>
        )}
        <MissingKeyWarning check={keyCheck} onSaveAnyway={() => form.current?.requestSubmit()} />
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">
            An empty model name takes the provider&apos;s default.
          </span>
          <Link className="btn" to={agentPath(project)}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create agent'}
          </button>
        </div>
      </form>
      <UnsavedChangesGuard when={touched && !created} what="agent settings" />
    </div>
  );
}
