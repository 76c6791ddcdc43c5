import { fieldError } from '../../components/field-errors';
import { modelFieldErrors } from '../../components/model-fields/model-errors';
import { Field, TextField } from '../../components/field';
import { ModelFields } from '../../components/model-fields/model-fields';
import { AGENT_FIELD, type AgentDraft } from './agent-draft';
import { DataPicker } from './data-picker';

/** Chat model names to suggest; the first of each is the server's default for that provider. */
const CHAT_MODELS: Record<string, string[]> = {
  local: ['extractive-v1'],
  openai: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini'],
  ollama: ['llama3.2', 'qwen2.5'],
};

export interface AgentFieldsProps {
  project: string;
  draft: AgentDraft;
  onChange: (next: AgentDraft) => void;
  errors: Record<string, string>;
  serverError: unknown;
  savedKey: boolean;
}

/** Name, model, data and prompt of an agent. Shared by the create and edit pages. */
export function AgentFields({ project, draft, onChange, errors, serverError, savedKey }: AgentFieldsProps) {
  const set = (patch: Partial<AgentDraft>) => onChange({ ...draft, ...patch });
  const err = (path: string) => errors[path] ?? fieldError(serverError, path);
  const nameError = err(AGENT_FIELD.name);
  const promptError = err(AGENT_FIELD.prompt);
  /** Both lists of data are kept in the draft, and placed beside the server's errors, the same way. */
  const listProps = (key: 'knowledge_bases' | 'tables', path: string) => ({
    value: draft[key],
    onChange: (next: string[]) => set({ [key]: next }),
    error: err(path),
  });
  return (
    <>
      <div className="rp-section">
        <TextField
          boxClassName="ag-name"
          label="Name"
          value={draft.name}
          spellCheck={false}
          hint={`Letters, digits and _. Asked in SQL as ${project}.${draft.name || 'name'}.`}
          error={nameError}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <ModelFields
        legend="Model"
        value={draft.model}
        onChange={(model) => set({ model })}
        savedKey={savedKey}
        suggestions={CHAT_MODELS}
        errors={modelFieldErrors(serverError, 'model')}
      />
      <DataPicker
        kind="knowledge_base"
        legend="Knowledge bases"
        hint="The agent searches these for answers. project.* includes every knowledge base of the project, also ones made later."
        defaultDb={project}
        {...listProps('knowledge_bases', AGENT_FIELD.kbs)}
      />
      <DataPicker
        kind="table"
        legend="Tables"
        hint="The agent may query these with SQL. files.* includes every uploaded file, also ones uploaded later."
        defaultDb="files"
        {...listProps('tables', AGENT_FIELD.tables)}
      />
      <div className="rp-section">
        <Field
          label="Prompt template"
          hintClassName="ag-prompt-hint"
          hint={
            <>
              <span>Tell the agent what the connected data holds and how to answer.</span>
              <span className="ag-count">{draft.prompt_template.length.toLocaleString('en')} characters</span>
            </>
          }
          error={promptError}
        >
          {(control) => (
            <textarea
              {...control}
              className="input ag-prompt"
              value={draft.prompt_template}
              rows={10}
              spellCheck
              placeholder="You answer questions about our help articles. Say which articles you used."
              onChange={(e) => set({ prompt_template: e.target.value })}
            />
          )}
        </Field>
      </div>
    </>
  );
}
