import { useState } from 'react';

/** The storage key of a page's draft: one per kind of object and name. */
export const draftKey = (kind: string, name: string) => `ks-draft:${kind}:${name}`;

function read<T>(key: string): T | undefined {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/**
 * A form's draft kept in the browser's local storage under `key` on every edit, so a reload, a lost
 * connection or an expired login does not lose it (as the worksheet keeps its drafts). Only a draft that
 * differs from the saved object is kept. Never put a secret in it: typed passwords and keys stay in memory.
 */
export function useStoredDraft<T>(key: string, fresh: () => T) {
  const [draft, setDraft] = useState<T>(() => read<T>(key) ?? fresh());
  // Whether the page opened on a draft kept from an earlier visit (the page says so).
  const [restored, setRestored] = useState(() => read<T>(key) !== undefined);
  /** An edit: `unsaved` says whether the draft now differs from what is saved (else nothing is kept). */
  const edit = (next: T, unsaved: boolean) => {
    setDraft(next);
    try {
      if (unsaved) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
    } catch {
      // A full or refused storage loses only the reload safety, never the edit.
    }
  };
  /** Starts again from `next` (a save, a discard): the stored draft goes, and with it the restored note. */
  const reset = (next: T) => {
    setRestored(false);
    edit(next, false);
  };
  return { draft, edit, reset, restored };
}
