import type { FormEvent } from 'react';
import { useCreateAgent } from '../../api/agents/mutations';
import { CreateResourceForm, useNewDraft } from '../../components/create-resource-form';
import { formError } from '../../components/field-errors';
import { createAgentInput, emptyAgentDraft, validateAgentDraft } from './agent-draft';
import { AgentFields } from './agent-fields';
import { MissingKeyWarning, useMissingKeyCheck } from './missing-key';
import { agentPath } from '../../lib/paths';
import '../../components/resource-page.css';
import './agents.css';

const PLACED = ['name', 'model', 'data', 'prompt_template'];

/** Creates an agent, then opens its page. */
export function AgentCreatePage({ project }: { project: string }) {
  const create = useCreateAgent(project);
  const { draft, fields, setErrors, form, openCreated, unsaved } = useNewDraft(emptyAgentDraft, {
    validate: validateAgentDraft,
    create,
  });
  const keyCheck = useMissingKeyCheck(draft.model, false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAgentDraft(draft);
    setErrors(found);
    if (Object.keys(found).length || keyCheck.hold()) return;
    create.mutate(createAgentInput(draft), {
      onSuccess: (agent) => openCreated(agentPath(project, agent.name)),
    });
  };

  return (
    <CreateResourceForm
      listLabel="Agents"
      listHref={agentPath(project)}
      title="New agent"
      project={project}
      form={form}
      className="ag-form"
      onSubmit={submit}
      general={formError(create.error, PLACED)}
      notices={<MissingKeyWarning check={keyCheck} onSaveAnyway={() => form.current?.requestSubmit()} />}
      note="An empty model name takes the provider's default."
      pending={create.isPending}
      createLabel="Create agent"
      unsaved={unsaved}
      what="agent settings"
    >
      <AgentFields project={project} {...fields} serverError={create.error} savedKey={false} />
    </CreateResourceForm>
  );
}
