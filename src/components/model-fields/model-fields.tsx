import { useId, useState, type ReactNode } from 'react';
import { isOffline, PROVIDER_LABELS, PROVIDERS, type ModelDraft } from './model-draft';
import { Field, SelectField, TextField } from '../field';
import './model-fields.css';

/** Forms that hold model fields take the field error from here too. */
export { FieldError } from '../field';

export type ModelFieldErrors = Partial<Record<keyof ModelDraft, string>>;

export interface ModelFieldsProps {
  legend: string;
  value: ModelDraft;
  onChange: (next: ModelDraft) => void;
  /** Whether the server holds a key for this model (it is shown masked, so only its presence is known). */
  savedKey: boolean;
  /** Model names to suggest per provider; the first is what the server uses when the field is left empty. */
  suggestions?: Record<string, string[]>;
  /** When set, provider and model cannot change, and this says why. */
  lockedReason?: string;
  errors?: ModelFieldErrors;
  /** Shown under the legend, e.g. a switch that turns the model off. */
  intro?: ReactNode;
  /** Shows only the legend and intro: the model is switched off. */
  collapsed?: boolean;
  /** The model is used for one request and never saved: no hints about a saved key. */
  oneOff?: boolean;
}

/** Provider, model name, base URL and API key of a model, as a fieldset. Presentational: the caller owns the draft. */
export function ModelFields(props: ModelFieldsProps) {
  const { legend, value, onChange, lockedReason, errors = {}, suggestions = {}, intro, collapsed } = props;
  const id = useId();
  if (collapsed) {
    return (
      <fieldset className="model-fields">
        <legend>{legend}</legend>
        {intro}
      </fieldset>
    );
  }
  const set = (patch: Partial<ModelDraft>) => onChange({ ...value, ...patch });
  const providers: string[] = [...PROVIDERS];
  if (value.provider && !providers.includes(value.provider)) providers.push(value.provider);
  const models = suggestions[value.provider] ?? [];
  const lockId = `${id}-lock`;

  return (
    <fieldset className="model-fields">
      <legend>{legend}</legend>
      {intro}
      {lockedReason && (
        <p id={lockId} className="model-lock" role="note">
          <LockIcon /> <span>{lockedReason}</span>
        </p>
      )}
      <div className="model-grid">
        <SelectField
          label="Provider"
          value={value.provider}
          disabled={!!lockedReason}
          describedBy={lockedReason ? lockId : undefined}
          error={errors.provider}
          onChange={(e) => set({ provider: e.target.value, model_name: '' })}
        >
          {providers.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_LABELS[p] ?? p}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Model name"
          value={value.model_name}
          readOnly={!!lockedReason}
          suggestions={models}
          placeholder={models[0] ? `Default: ${models[0]}` : 'Server default'}
          describedBy={lockedReason ? lockId : undefined}
          error={errors.model_name}
          spellCheck={false}
          onChange={(e) => set({ model_name: e.target.value })}
        />
      </div>
      {!isOffline(value.provider) && (
        <div className="model-grid">
          <TextField
            label="Base URL"
            type="url"
            value={value.base_url}
            placeholder="Provider default"
            spellCheck={false}
            // The server drops a saved key when the address changes, so that it is never sent elsewhere.
            hint={props.oneOff ? undefined : 'Changing the address forgets the saved key: enter it again.'}
            error={errors.base_url}
            onChange={(e) => set({ base_url: e.target.value })}
          />
          <ApiKeyField
            value={value.api_key}
            savedKey={props.savedKey}
            oneOff={props.oneOff}
            error={errors.api_key}
            onChange={(api_key) => set({ api_key })}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The key field never holds the saved key: the server does not reveal it. Typing replaces it on save; leaving the
 * field empty keeps it.
 */
function ApiKeyField(props: {
  value: string;
  savedKey: boolean;
  oneOff?: boolean;
  error?: string;
  onChange: (key: string) => void;
}) {
  const { value, savedKey, error, onChange } = props;
  const [reveal, setReveal] = useState(false);
  const hint = props.oneOff
    ? 'Sent with this request only, never saved.'
    : !savedKey
      ? 'No key saved.'
      : value
        ? 'Saving replaces the saved key.'
        : 'A key is saved and never shown. Type a new one to replace it.';
  return (
    <Field label="API key" hint={hint} error={error}>
      {(control) => (
        <div className="secret-row">
          <input
            className="input"
            {...control}
            type={reveal ? 'text' : 'password'}
            value={value}
            autoComplete="new-password"
            spellCheck={false}
            placeholder={savedKey ? '•••••••• saved' : 'None'}
            onChange={(e) => onChange(e.target.value)}
          />
          {value && (
            <button
              type="button"
              className="btn btn-ghost"
              aria-pressed={reveal}
              onClick={() => setReveal(!reveal)}
            >
              {reveal ? 'Hide' : 'Show'}
            </button>
          )}
          {value && savedKey && (
            <button type="button" className="btn btn-ghost" onClick={() => onChange('')}>
              Keep saved
            </button>
          )}
        </div>
      )}
    </Field>
  );
}

/** Drawn rather than an emoji: emoji fonts are missing on many Linux desktops. */
function LockIcon() {
  return (
    <svg className="model-lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden focusable="false">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
