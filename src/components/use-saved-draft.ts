import { useState } from 'react';
import type { Change } from './model-fields/model-draft';

/** How a form reads a saved object (an agent, a knowledge base) and compares its draft with one. */
export interface DraftRules<Saved, Draft> {
  fromSaved: (saved: Saved) => Draft;
  /** What saving `draft` would change in `saved`; empty when nothing. */
  changes: (saved: Saved, draft: Draft) => Change[];
  /**
   * What the object read back after a save (`kept`) does not hold of what was `sent`, compared by meaning: a
   * server fills in defaults and spells names its own way, and neither is a change it failed to keep.
   */
  notKept: (kept: Saved, sent: Draft) => Change[];
}

/**
 * The draft of a form that edits a saved object, and what it knows of the last save: the object saved (for
 * the "saved" notice), the changes the server did not keep, and the problems found in the draft. Shared by
 * the agent and knowledge-base editors, so both treat a refetch, a save and a discard alike.
 */
export function useSavedDraft<Saved, Draft>(saved: Saved, rules: DraftRules<Saved, Draft>) {
  const [draft, setDraft] = useState(() => rules.fromSaved(saved));
  const [base, setBase] = useState(saved);
  // The version the draft was made from (a form may send it as If-Match, so that saving over a change made
  // elsewhere since is refused rather than silently undoing it). It moves only when the draft is replaced.
  const [draftBase, setDraftBase] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastSaved, setLastSaved] = useState<Saved | null>(null);
  const [notKept, setNotKept] = useState<Change[]>([]);

  // A newer object from the server (a save, a refetch) replaces an untouched draft, never the user's edits.
  if (base !== saved) {
    setBase(saved);
    if (rules.changes(base, draft).length === 0) {
      setDraft(rules.fromSaved(saved));
      setDraftBase(saved);
    }
  }
  const changes = rules.changes(saved, draft);

  return {
    draft,
    draftBase,
    changes,
    errors,
    setErrors,
    /** The object as saved by the last save, until the next edit. */
    lastSaved,
    notKept,
    clearNotKept: () => setNotKept([]),
    /** An edit by the user: the notices of the last save no longer speak of this draft. */
    edit: (next: Draft) => {
      setDraft(next);
      setLastSaved(null);
      setNotKept([]);
    },
    /** Starts again from `latest` (a discard, a reload): the user's edits and the problems found go. */
    replace: (latest: Saved) => {
      setDraft(rules.fromSaved(latest));
      setDraftBase(latest);
      setErrors({});
    },
    /**
     * After a save, with the object read back: a field it does not show as sent was not kept, and the draft
     * stays as the user made it; otherwise the draft becomes the saved object.
     */
    afterSave: (kept: Saved) => {
      const missed = rules.notKept(kept, draft);
      setNotKept(missed);
      setDraftBase(kept);
      if (missed.length) return;
      setLastSaved(kept);
      setDraft(rules.fromSaved(kept));
    },
  };
}
