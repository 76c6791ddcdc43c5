import { useEffect, useRef, type FormEvent } from 'react';
import type { Agent } from '../../../protocol/api/agents';
import { useQueryClient } from '@tanstack/react-query';
import { isStaleVersion, useUpdateAgent } from '../../api/agents/mutations';
import { agentQuery } from '../../api/agents/queries';
import { SavedNotice } from '../../components/changes-table';
import { formError } from '../../components/field-errors';
import { useFocusFirstInvalid, useNavigateWhenSet } from '../../components/form-effects';
import { hasSavedKey } from '../../components/model-fields/model-draft';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { NotKeptNotice } from '../../components/not-kept-notice';
import { useSavedDraft } from '../../components/use-saved-draft';
import {
  agentChanges,
  agentNotKept,
  draftFromAgent,
  updateAgentInput,
  validateAgentDraft,
} from './agent-draft';
import { AgentFields } from './agent-fields';
import { MissingKeyWarning, useMissingKeyCheck } from './missing-key';
import { agentPath } from '../../lib/paths';

const PLACED = ['name', 'model', 'data', 'prompt_template'];
const AGENT_DRAFTS = { fromSaved: draftFromAgent, changes: agentChanges, notKept: agentNotKept };

/** Edits a saved agent: sends only what changed, then shows the object the server returned. */
export function AgentEditForm(props: {
  project: string;
  agent: Agent;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { project, agent, onDirtyChange } = props;
  const drafts = useSavedDraft(agent, AGENT_DRAFTS);
  const { draft, changes, errors } = drafts;
  const dirty = changes.length > 0;
  const client = useQueryClient();
  // A rename moves the page, in place of the old address.
  const [moveTo, setMoveTo] = useNavigateWhenSet(true);
  const update = useUpdateAgent(project, agent.name);
  const form = useRef<HTMLFormElement>(null);
  const keyCheck = useMissingKeyCheck(draft.model, hasSavedKey(agent.model));

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useFocusFirstInvalid(form, [errors, update.error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAgentDraft(draft);
    drafts.setErrors(found);
    if (Object.keys(found).length || !dirty || keyCheck.hold()) return;
    update.mutate(
      { input: updateAgentInput(agent, draft), base: drafts.draftBase },
      {
        onSuccess: (next) => {
          drafts.afterSave(next);
          if (next.name !== agent.name) setMoveTo(agentPath(project, next.name));
        },
      },
    );
  };
  /** Replaces the draft with the latest saved version (the user was told their edits would go). */
  const reload = async () => {
    try {
      const latest = await client.fetchQuery({ ...agentQuery(project, agent.name), staleTime: 0 });
      drafts.replace(latest);
      update.reset();
    } catch {
      // The agent query now holds the failure (e.g. the agent was deleted), and the page shows it.
    }
  };
  const stale = isStaleVersion(update.error);
  const general = stale ? null : formError(update.error, PLACED);

  return (
    <form ref={form} className="ag-form" aria-label={`Agent ${agent.name}`} onSubmit={submit} noValidate>
      <AgentFields
        project={project}
        draft={draft}
        onChange={drafts.edit}
        errors={errors}
        serverError={update.error}
        savedKey={hasSavedKey(agent.model)}
      />
      {stale && (
        <div role="alert" className="error-box ag-stale">
          <p>This agent was changed elsewhere. Reload to see the latest version.</p>
          <p className="field-hint">Reloading replaces your unsaved changes with the saved agent.</p>
          <button type="button" className="btn" onClick={() => void reload()}>
            Reload
          </button>
        </div>
      )}
      {general && (
        <p role="alert" className="error-box">
          Could not save: {general}
        </p>
      )}
      <NotKeptNotice changes={drafts.notKept} what="agent" />
      <MissingKeyWarning check={keyCheck} onSaveAnyway={() => form.current?.requestSubmit()} />
      {drafts.lastSaved && !dirty && <SavedNotice saved={drafts.lastSaved} />}
      <div className="rp-savebar">
        <span className="rp-savebar-note muted" aria-live="polite">
          {dirty ? `Unsaved: ${changes.map((c) => c.label.toLowerCase()).join(', ')}` : 'No unsaved changes'}
        </span>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            drafts.replace(agent);
            update.reset();
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
      <UnsavedChangesGuard when={dirty && !moveTo} what="agent settings" />
    </form>
  );
}
