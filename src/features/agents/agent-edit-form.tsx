import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import type { Change } from '../../components/model-fields/model-draft';
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

/** Edits a saved agent: sends only what changed, then shows the object the server returned. */
export function AgentEditForm(props: {
  project: string;
  agent: Agent;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { project, agent, onDirtyChange } = props;
  const [draft, setDraft] = useState(() => draftFromAgent(agent));
  const [base, setBase] = useState(agent);
  // The version the draft was made from: sent as If-Match, so that saving over a change made elsewhere since
  // is refused rather than silently undoing it. It moves only when the draft is replaced.
  const [draftBase, setDraftBase] = useState(agent);
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Agent | null>(null);
  const [notKept, setNotKept] = useState<Change[]>([]);
  // A rename moves the page, in place of the old address.
  const [moveTo, setMoveTo] = useNavigateWhenSet(true);
  const update = useUpdateAgent(project, agent.name);
  const form = useRef<HTMLFormElement>(null);
  const keyCheck = useMissingKeyCheck(draft.model, hasSavedKey(agent.model));

  // A newer object from the server replaces an untouched draft, never the user's edits.
  if (base !== agent) {
    setBase(agent);
    if (agentChanges(base, draft).length === 0) {
      setDraft(draftFromAgent(agent));
      setDraftBase(agent);
    }
  }
  const changes = agentChanges(agent, draft);
  const dirty = changes.length > 0;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useFocusFirstInvalid(form, [errors, update.error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAgentDraft(draft);
    setErrors(found);
    if (Object.keys(found).length || !dirty || keyCheck.hold()) return;
    update.mutate(
      { input: updateAgentInput(agent, draft), base: draftBase },
      {
        // The agent read back after the save: a field it does not show as sent was not kept.
        onSuccess: (next) => {
          const missed = agentNotKept(next, draft);
          setNotKept(missed);
          setDraftBase(next);
          if (next.name !== agent.name) setMoveTo(agentPath(project, next.name));
          if (missed.length) return;
          setSaved(next);
          setDraft(draftFromAgent(next));
        },
      },
    );
  };
  /** Replaces the draft with the latest saved version (the user was told their edits would go). */
  const reload = async () => {
    try {
      const latest = await client.fetchQuery({ ...agentQuery(project, agent.name), staleTime: 0 });
      setDraft(draftFromAgent(latest));
      setDraftBase(latest);
      setErrors({});
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
        onChange={(next) => {
          setDraft(next);
          setSaved(null);
          setNotKept([]);
        }}
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
      <NotKeptNotice changes={notKept} what="agent" />
      <MissingKeyWarning check={keyCheck} onSaveAnyway={() => form.current?.requestSubmit()} />
      {saved && !dirty && <SavedNotice saved={saved} />}
      <div className="rp-savebar">
        <span className="rp-savebar-note muted" aria-live="polite">
          {dirty ? `Unsaved: ${changes.map((c) => c.label.toLowerCase()).join(', ')}` : 'No unsaved changes'}
        </span>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            setDraft(draftFromAgent(agent));
            setDraftBase(agent);
            setErrors({});
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
