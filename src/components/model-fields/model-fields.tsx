import { useId, useState, type ReactNode } from 'react';
import { isOffline, PROVIDER_LABELS, PROVIDERS, type ModelDraft } from './model-draft';
import './model-fields.css';

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
        <div className="field">
          <label htmlFor={`${id}-provider`}>Provider</label>
          <select
            id={`${id}-provider`}
            className="input"
            value={value.provider}
            disabled={!!lockedReason}
            aria-describedby={
              [lockedReason ? lockId : '', errors.provider ? `${id}-provider-error` : ''].join(' ').trim() ||
              undefined
            }
            aria-invalid={!!errors.provider || undefined}
            onChange={(e) => set({ provider: e.target.value, model_name: '' })}
          >
            {providers.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABELS[p] ?? p}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-provider-error`} message={errors.provider} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>Model name</label>
          <input
            id={`${id}-model`}
            className="input"
            value={value.model_name}
            readOnly={!!lockedReason}
            list={models.length ? `${id}-models` : undefined}
            placeholder={models[0] ? `Default: ${models[0]}` : 'Server default'}
            aria-describedby={
              [lockedReason ? lockId : '', errors.model_name ? `${id}-model-error` : ''].join(' ').trim() ||
              undefined
            }
            aria-invalid={!!errors.model_name || undefined}
            spellCheck={false}
            onChange={(e) => set({ model_name: e.target.value })}
          />
          {models.length > 0 && (
            <datalist id={`${id}-models`}>
              {models.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          )}
          <FieldError id={`${id}-model-error`} message={errors.model_name} />
        </div>
      </div>
      {!isOffline(value.provider) && (
        <div className="model-grid">
          <div className="field">
            <label htmlFor={`${id}-url`}>Base URL</label>
            <input
              id={`${id}-url`}
              className="input"
              type="url"
              value={value.base_url}
              placeholder="Provider default"
              spellCheck={false}
              aria-invalid={!!errors.base_url || undefined}
              aria-describedby={`${id}-url-hint${errors.base_url ? ` ${id}-url-error` : ''}`}
              onChange={(e) => set({ base_url: e.target.value })}
            />
            {/* The server drops a saved key when the address changes, so that it is never sent elsewhere. */}
            <span id={`${id}-url-hint`} className="field-hint">
              Changing the address forgets the saved key: enter it again.
            </span>
            <FieldError id={`${id}-url-error`} message={errors.base_url} />
          </div>
          <ApiKeyField
            id={`${id}-key`}
            value={value.api_key}
            savedKey={props.savedKey}
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
  id: string;
  value: string;
  savedKey: boolean;
  error?: string;
  onChange: (key: string) => void;
}) {
  const { id, value, savedKey, error, onChange } = props;
  const [reveal, setReveal] = useState(false);
  const hint = !savedKey
    ? 'No key saved.'
    : value
      ? 'Saving replaces the saved key.'
      : 'A key is saved and never shown. Type a new one to replace it.';
  return (
    <div className="field">
      <label htmlFor={id}>API key</label>
      <div className="secret-row">
        <input
          id={id}
          className="input"
          type={reveal ? 'text' : 'password'}
          value={value}
          autoComplete="new-password"
          spellCheck={false}
          placeholder={savedKey ? '•••••••• saved' : 'None'}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={!!error || undefined}
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
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
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

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}
