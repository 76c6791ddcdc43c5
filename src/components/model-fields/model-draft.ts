import type { ModelConfig } from '../../../protocol/api/knowledge-bases';

/** The providers every instance of ours offers; a server may report others, which are kept as they are. */
export const PROVIDERS = ['local', 'openai', 'ollama'] as const;

export const PROVIDER_LABELS: Record<string, string> = {
  local: 'Local (offline)',
  openai: 'OpenAI or compatible',
  ollama: 'Ollama',
};

/**
 * A model being edited. `api_key` holds only a key the user typed: the saved one is never sent to the browser
 * in clear (the server masks it), so an empty draft key means "keep the saved key".
 */
export interface ModelDraft {
  provider: string;
  model_name: string;
  base_url: string;
  api_key: string;
}

/** One line of a "what will change" summary. */
export interface Change {
  label: string;
  from: string;
  to: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function modelDraftFrom(
  model: ModelConfig | null | undefined,
  fallbackProvider = 'local',
): ModelDraft {
  return {
    provider: str(model?.provider) || fallbackProvider,
    model_name: str(model?.model_name),
    base_url: str(model?.base_url),
    api_key: '',
  };
}

/** Whether a key is saved: the server shows it as `******`; any non-empty value means one is there. */
export function hasSavedKey(model: ModelConfig | null | undefined): boolean {
  return str(model?.api_key) !== '';
}

/** Providers that need no key or URL. */
export const isOffline = (provider: string) => provider === 'local';

/** The model as a create request sends it: empty fields are left out so the server picks its defaults. */
export function modelInput(draft: ModelDraft): ModelConfig {
  const out: ModelConfig = { provider: draft.provider };
  if (draft.model_name.trim()) out.model_name = draft.model_name.trim();
  if (!isOffline(draft.provider) && draft.base_url.trim()) out.base_url = draft.base_url.trim();
  if (!isOffline(draft.provider) && draft.api_key) out.api_key = draft.api_key;
  return out;
}

function identityChanged(saved: ModelConfig | null | undefined, draft: ModelDraft): boolean {
  const before = modelDraftFrom(saved, draft.provider);
  return (
    before.provider !== draft.provider ||
    before.model_name !== draft.model_name.trim() ||
    before.base_url !== draft.base_url.trim()
  );
}

/**
 * What an update must send for this model, or undefined when nothing changed. The whole object goes, never a
 * piece: MindsDB replaces a model object whole on update, so a lone `{api_key}` would drop provider and model
 * there. With the provider unchanged, fields the form does not edit and the saved key are sent back as the
 * server showed them (our server reads the `******` mask as "keep the saved key"; MindsDB shows agent keys in
 * clear, so sending them back keeps them); a new provider gets only a key typed for it.
 */
export function modelPatch(
  saved: ModelConfig | null | undefined,
  draft: ModelDraft,
): ModelConfig | undefined {
  if (!identityChanged(saved, draft) && !draft.api_key) return undefined;
  const sameProvider = !!saved && str(saved.provider) === draft.provider;
  const whole: ModelConfig = {};
  if (sameProvider) {
    for (const [key, value] of Object.entries(saved)) {
      if (!EDITED_FIELDS.has(key)) whole[key] = value;
    }
  }
  Object.assign(whole, modelInput(draft));
  if (sameProvider && !draft.api_key && !isOffline(draft.provider) && hasSavedKey(saved)) {
    whole.api_key = saved.api_key;
  }
  return whole;
}

/** The fields the model form edits; any others a server keeps in the object are sent back untouched. */
const EDITED_FIELDS = new Set(['provider', 'model_name', 'base_url', 'api_key']);

/** A URL as it is meant: a trailing slash and the case of scheme and host change nothing. */
function urlMeaning(url: string): string {
  const text = url.trim().replace(/\/+$/, '');
  try {
    const parsed = new URL(text);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    return text;
  }
}

/**
 * `sent` spelled as the server spells `kept` wherever both mean the same model, so that a save is read back by
 * meaning, not spelling: a provider named in another case is the same provider, and a blank model name or base
 * URL asks for the provider's default, which the server may write down (the local reranker reads back as
 * `local · lexical-overlap-v1`). Another provider, name or address stays as sent, and shows as not kept.
 */
export function sentModelAsKept(sent: ModelDraft, kept: ModelDraft): ModelDraft {
  if (sent.provider.trim().toLowerCase() !== kept.provider.trim().toLowerCase()) return sent;
  const name = sent.model_name.trim();
  const url = sent.base_url.trim();
  return {
    ...sent,
    provider: kept.provider,
    model_name: name === '' || name === kept.model_name.trim() ? kept.model_name : sent.model_name,
    base_url: url === '' || urlMeaning(url) === urlMeaning(kept.base_url) ? kept.base_url : sent.base_url,
  };
}

export function describeModel(model: ModelConfig | null | undefined): string {
  if (!model) return 'none';
  const provider = str(model.provider) || 'default provider';
  return model.model_name ? `${provider} · ${model.model_name}` : provider;
}

/** The summary lines for one model; the typed key itself never appears in them. */
export function modelChanges(
  label: string,
  saved: ModelConfig | null | undefined,
  draft: ModelDraft,
): Change[] {
  const changes: Change[] = [];
  const before = modelDraftFrom(saved, draft.provider);
  if (before.provider !== draft.provider || before.model_name !== draft.model_name.trim()) {
    changes.push({
      label,
      from: describeModel(saved),
      to: describeModel({ provider: draft.provider, model_name: draft.model_name.trim() }),
    });
  }
  if (before.base_url !== draft.base_url.trim()) {
    changes.push({
      label: `${label} base URL`,
      from: before.base_url || 'provider default',
      to: draft.base_url.trim() || 'provider default',
    });
  }
  if (draft.api_key) {
    changes.push({
      label: `${label} API key`,
      from: hasSavedKey(saved) ? 'saved key' : 'no key',
      to: 'new key (hidden)',
    });
  }
  return changes;
}
