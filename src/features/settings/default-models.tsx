import { useState, type FormEvent } from 'react';
import type { ModelConfig } from '../../../protocol/api/knowledge-bases';
import { useRefreshSettings, useUpdateConfig, type ConfigChange } from '../../api/config/mutations';
import type { InstanceConfig } from '../../api/config/queries';
import { SaveReviewDialog } from '../../components/save-review-dialog';
import { formError } from '../../components/field-errors';
import { modelFieldErrors } from '../../components/model-fields/model-errors';
import {
  describeModel,
  hasSavedKey,
  modelChanges,
  modelDraftFrom,
  modelPatch,
  type ModelDraft,
} from '../../components/model-fields/model-draft';
import { ModelFields } from '../../components/model-fields/model-fields';
import { draftKey, useStoredDraft } from '../../components/stored-draft';

type Role = 'default_llm' | 'default_embedding_model' | 'default_reranking_model';

const ROLES: { key: Role; legend: string; use: string }[] = [
  { key: 'default_llm', legend: 'Default chat model', use: 'Agents without a model of their own use it.' },
  {
    key: 'default_embedding_model',
    legend: 'Default embedding model',
    use: 'Knowledge bases created without an embedding model use it.',
  },
  {
    key: 'default_reranking_model',
    legend: 'Default reranking model',
    use: 'Knowledge bases created without a reranking model use it.',
  },
];

type Drafts = Record<Role, ModelDraft>;

const draftsFrom = (config: InstanceConfig): Drafts =>
  Object.fromEntries(
    ROLES.map((r) => [r.key, modelDraftFrom(config[r.key] as ModelConfig | null)]),
  ) as Drafts;

/** The draft as it may be stored: typed keys never are. */
const withoutKeys = (drafts: Drafts): Drafts =>
  Object.fromEntries(ROLES.map((r) => [r.key, { ...drafts[r.key], api_key: '' }])) as Drafts;

export function defaultModelChanges(config: InstanceConfig, drafts: Drafts) {
  return ROLES.flatMap((r) => modelChanges(r.legend, config[r.key] as ModelConfig | null, drafts[r.key]));
}

/**
 * What `PUT /api/config` sends for the models that changed: each whole, as both servers replace a default model
 * whole; an unchanged key is sent back as the server showed it (MindsDB shows these keys in clear, ours masks
 * them and reads the mask as "keep the saved key"), unless the address changed.
 */
export function defaultModelsInput(config: InstanceConfig, drafts: Drafts): ConfigChange {
  const change: ConfigChange = {};
  for (const r of ROLES) {
    const saved = config[r.key] as ModelConfig | null;
    const patch = modelPatch(saved, drafts[r.key]);
    if (!patch) continue;
    // A saved key never goes to another address: MindsDB would keep it for the new one, as the form says not.
    const moved = modelDraftFrom(saved).base_url !== drafts[r.key].base_url.trim();
    if (moved && !drafts[r.key].api_key) delete patch.api_key;
    change[r.key] = patch;
  }
  return change;
}

/**
 * The default chat, embedding and reranking models, as both servers take them in `PUT /api/config`. A server
 * that can only set them when it starts (older versions of ours) says so, and the section then explains that
 * instead of offering a form.
 */
export function DefaultModels({ config }: { config: InstanceConfig }) {
  if (config.instance?.default_models_set_at_start) {
    return (
      <section className="rp-section" aria-labelledby="st-models">
        <h2 id="st-models">Default models</h2>
        <p>
          This server sets its default model when it starts, not here: <code>--default-provider</code>,{' '}
          <code>--default-model</code> and <code>--default-base-url</code> (the key only from the environment,{' '}
          <code>KS_DEFAULT_API_KEY</code>). A knowledge base or agent created without a model uses it; each
          one can name its own model on its page.
        </p>
      </section>
    );
  }
  return <DefaultModelsForm config={config} />;
}

function DefaultModelsForm({ config }: { config: InstanceConfig }) {
  const stored = useStoredDraft<Drafts>(draftKey('settings', 'default-models'), () => draftsFrom(config));
  const [keys, setKeys] = useState<Partial<Record<Role, string>>>({});
  const drafts = Object.fromEntries(
    ROLES.map((r) => [r.key, { ...stored.draft[r.key], api_key: keys[r.key] ?? '' }]),
  ) as Drafts;
  const [reviewing, setReviewing] = useState(false);
  const [savedNote, setSavedNote] = useState(false);
  const update = useUpdateConfig();
  const refresh = useRefreshSettings();
  const changes = defaultModelChanges(config, drafts);
  const dirty = changes.length > 0;
  // A problem the server names a model's field for is shown beside that field; any other one above the bar.
  const unplaced = formError(
    update.error,
    ROLES.map((r) => r.key),
  );

  const edit = (role: Role, next: ModelDraft) => {
    setSavedNote(false);
    update.reset();
    setKeys({ ...keys, [role]: next.api_key });
    const kept = withoutKeys({ ...drafts, [role]: next });
    stored.edit(kept, defaultModelChanges(config, kept).length > 0);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty) setReviewing(true);
  };
  const save = () =>
    update.mutate(defaultModelsInput(config, drafts), {
      onSuccess: async () => {
        setReviewing(false);
        await refresh();
        stored.reset(withoutKeys(drafts));
        setKeys({});
        setSavedNote(true);
      },
      onError: () => setReviewing(false),
    });

  return (
    <form className="rp-section st-form" aria-labelledby="st-models" onSubmit={submit} noValidate>
      <h2 id="st-models">Default models</h2>
      {config.instance && (
        <p className="field-hint">
          A model saved here wins over the models this server was started with (
          <code>--default-provider</code>, <code>--default-model</code>, <code>--default-base-url</code>),
          restarts included. Agents and knowledge bases created afterwards get a copy of it; those that exist
          keep the model they have.
        </p>
      )}
      {stored.restored && dirty && !savedNote && (
        <p className="field-hint" role="note">
          Your unsaved changes were kept from your last visit. Typed keys are never kept: type them again.
        </p>
      )}
      {ROLES.map((r) => {
        const saved = config[r.key] as ModelConfig | null | undefined;
        return (
          <ModelFields
            key={r.key}
            legend={r.legend}
            intro={
              <p className="field-hint">
                {r.use} Now: {saved ? describeModel(saved) : 'not set'}.
              </p>
            }
            value={drafts[r.key]}
            savedKey={hasSavedKey(saved)}
            errors={modelFieldErrors(update.error, r.key)}
            onChange={(next) => edit(r.key, next)}
          />
        );
      })}
      {update.isError && (
        <p role="alert" className="error-box">
          Not saved: {unplaced ?? 'see the problem marked beside its field.'}
        </p>
      )}
      {savedNote && !dirty && (
        <p role="status" className="rp-status">
          Saved. The form shows the models the server now reports.
        </p>
      )}
      <div className="rp-savebar">
        <span className="rp-savebar-note muted">
          {dirty ? `Unsaved: ${changes.map((c) => c.label.toLowerCase()).join(', ')}` : 'No unsaved changes'}
        </span>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            stored.reset(draftsFrom(config));
            setKeys({});
            update.reset();
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
          Review and save…
        </button>
      </div>
      {reviewing && (
        <SaveReviewDialog
          title="Save the default models?"
          changes={changes}
          caption="Default models that change"
          countLine={false}
          pending={update.isPending}
          onSave={save}
          onClose={() => setReviewing(false)}
        />
      )}
    </form>
  );
}
