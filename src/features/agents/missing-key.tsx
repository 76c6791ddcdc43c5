import { useRef, useState } from 'react';
import { useInstanceDefaults, type InstanceDefaults } from '../../api/config/queries';
import type { ModelDraft } from '../../components/model-fields/model-draft';

/**
 * Whether an agent saved with this model would fail at its first chat for want of a key: the hosted OpenAI API
 * needs one, and neither the draft, a saved key, a compatible server's URL nor the instance's default model
 * (MindsDB's `default_llm`) brings one. Saving is still allowed: the key may be added later.
 */
export function lacksKey(
  model: ModelDraft,
  savedKey: boolean,
  defaults: InstanceDefaults | undefined,
): boolean {
  if (model.provider !== 'openai' || model.api_key || savedKey || model.base_url.trim()) return false;
  const fallback = defaults?.default_llm;
  return !(fallback?.provider === 'openai' && fallback.api_key);
}

/**
 * Holds the first save of an agent that lacks a key and shows why; "Save without a key" lets it through.
 * `hold()` is called by the form's submit: true means "not now, the warning is showing".
 */
export function useMissingKeyCheck(model: ModelDraft, savedKey: boolean) {
  const defaults = useInstanceDefaults();
  const [shown, setShown] = useState(false);
  // A ref, not state: the save that follows "Save without a key" runs before a re-render.
  const accepted = useRef(false);
  const lacking = lacksKey(model, savedKey, defaults.data);
  return {
    showing: shown && lacking,
    hold(): boolean {
      if (!lacking || accepted.current) return false;
      setShown(true);
      return true;
    },
    accept(): void {
      accepted.current = true;
      setShown(false);
    },
  };
}

/** The warning beside the save bar, with the way to save anyway. */
export function MissingKeyWarning({
  check,
  onSaveAnyway,
}: {
  check: ReturnType<typeof useMissingKeyCheck>;
  onSaveAnyway: () => void;
}) {
  if (!check.showing) return null;
  return (
    <div role="alert" className="ag-key-warning">
      <p>
        <strong>No API key.</strong> The OpenAI provider needs one, and this server has no default key: chats
        with this agent will fail until a key is added. Type the key under Model, or give the URL of a
        compatible server that needs none.
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => {
          check.accept();
          onSaveAnyway();
        }}
      >
        Save without a key
      </button>
    </div>
  );
}
