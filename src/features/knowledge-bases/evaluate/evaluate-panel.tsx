import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { EvaluationVersion, SearchSettings } from '../../../../protocol/api/kb-evaluations';
import {
  evaluationKeys,
  useEvaluationRuns,
  useEvaluations,
  useSearchDefaults,
  useSetSearchDefaults,
  useStartEvaluation,
} from '../../../api/knowledge-bases/evaluations';
import { fileKeys } from '../../../api/files/keys';
import { useFiles } from '../../../api/files/queries';
import { useKnowledgeBase } from '../../../api/knowledge-bases/queries';
import { SelectField, TextField } from '../../../components/field';
import { problemMessage } from '../../../components/field-errors';
import { ModelFields } from '../../../components/model-fields/model-fields';
import { modelInput, type ModelDraft } from '../../../components/model-fields/model-draft';
import { RadioChoices, type RadioChoice } from '../../../components/radio-choices';
import { ProgressBar } from '../load/progress-bar';
import { EvaluationHistory } from './evaluation-history';
import { EvaluationResults } from './evaluation-results';
import { describeSettings, MAX_SETTINGS } from './settings';
import { SettingsEditor } from './settings-editor';
import './evaluate.css';

const SOURCES: RadioChoice<'table' | 'generate'>[] = [
  { value: 'table', label: 'From a table' },
  { value: 'generate', label: 'Generate from this knowledge base' },
];
const FALLBACK: SearchSettings = { mode: 'semantic', rerank: false, limit: 10 };
const NO_MODEL: ModelDraft = { provider: 'openai', model_name: '', base_url: '', api_key: '' };

/**
 * "Evaluate": measures how well the KB's search finds the right documents for a table of questions (or
 * questions made from its own chunks), compares search settings on the same questions, and makes the best
 * one the KB's default. Every run is kept by the server and listed below.
 */
export function EvaluatePanel({ project, kb }: { project: string; kb: string }) {
  const id = useId();
  const client = useQueryClient();
  const files = useFiles();
  const kbInfo = useKnowledgeBase(project, kb);
  const defaults = useSearchDefaults(project, kb);
  const history = useEvaluations(project, kb);
  const start = useStartEvaluation(project, kb);
  const apply = useSetSearchDefaults(project, kb);

  const [source, setSource] = useState<'table' | 'generate'>('table');
  const [table, setTable] = useState('');
  const [count, setCount] = useState(20);
  const [version, setVersion] = useState<EvaluationVersion>('doc_id');
  const [settings, setSettings] = useState<SearchSettings[] | null>(null);
  // MindsDB's `llm` of EVALUATE: sent with this request only; the server keeps no copy (nor its key).
  const [useModel, setUseModel] = useState(false);
  const [model, setModel] = useState<ModelDraft>(NO_MODEL);
  const [runIds, setRunIds] = useState<string[]>([]);
  const [historyId, setHistoryId] = useState<string | undefined>(undefined);
  const current = settings ?? [defaults.data ?? FALLBACK];
  /** The defaults are still on their way (FALLBACK stands in only when they could not be read). */
  const settingsLoading = settings === null && defaults.isPending;

  const questionTables = useMemo(
    () =>
      (files.data ?? []).filter((f) => !f.columns || f.columns.some((c) => c.toLowerCase() === 'question')),
    [files.data],
  );
  const generatedTable = `${kb}_questions`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const testTable = source === 'generate' ? generatedTable : table || questionTables[0]?.name || '';

  const runs = useEvaluationRuns(project, kb, runIds);
  const records = runs.map((r) => r.data).filter((r) => r !== undefined);
  const running =
    runIds.length > 0 && records.length === runIds.length && records.some((r) => r.state === 'running');
  const waiting = runIds.length > 0 && records.length < runIds.length;
  const allDone = runIds.length > 0 && records.length === runIds.length && !running;
  const failed = records.filter((r) => r.state === 'failed');

  useEffect(() => {
    if (allDone) void client.invalidateQueries({ queryKey: evaluationKeys.list(project, kb) });
  }, [allDone, client, project, kb]);

  const shownHistory = useEvaluationRuns(project, kb, historyId ? [historyId] : []);

  const total = records.reduce((n, r) => n + (r.progress?.total ?? start.data?.questions ?? 0), 0);
  const done = records.reduce(
    (n, r) => n + (r.state === 'running' ? (r.progress?.done ?? 0) : (start.data?.questions ?? 0)),
    0,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setHistoryId(undefined);
    start.mutate(
      {
        test_table: `files.${testTable}`,
        version,
        settings: current,
        ...(source === 'generate' ? { generate: { count } } : {}),
        ...(useModel ? { llm: modelInput(model) } : {}),
      },
      {
        onSuccess: (started) => {
          setRunIds(started.ids);
          if (source === 'generate') void client.invalidateQueries({ queryKey: fileKeys.list() });
        },
      },
    );
  };

  const update = (i: number, next: SearchSettings) =>
    setSettings(current.map((s, j) => (j === i ? next : s)));

  return (
    <section className="ev" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Evaluate
      </h2>
      <form className="ev-form" aria-label={`Evaluate ${kb}`} onSubmit={submit}>
        <fieldset className="ev-source">
          <legend>Questions</legend>
          <div className="ev-radios">
            <RadioChoices value={source} choices={SOURCES} onChange={setSource} labelClassName="ev-check" />
          </div>
          {source === 'table' && (
            <SelectField
              label="Question table (columns question, doc_id)"
              value={testTable}
              onChange={(e) => setTable(e.target.value)}
            >
              {questionTables.length === 0 && <option value="">No file table has a question column</option>}
              {questionTables.map((f) => (
                <option key={f.name} value={f.name}>
                  files.{f.name}
                </option>
              ))}
            </SelectField>
          )}
          {source === 'generate' && (
            <TextField
              label="How many questions"
              type="number"
              min={1}
              max={1000}
              value={count}
              onChange={(e) => setCount(Math.max(1, Math.min(1000, Math.round(Number(e.target.value) || 1))))}
              hintClassName="ev-note"
              hint={
                <>
                  {useModel && model.provider !== 'local'
                    ? 'The language model below writes one question per random chunk'
                    : 'Each question is a sentence taken from a random chunk (extractive, no model writes them)'}
                  ; they are saved as <code>files.{generatedTable}</code>.
                </>
              }
            />
          )}
          <SelectField
            label="Judged by"
            value={version}
            onChange={(e) => setVersion(e.target.value as EvaluationVersion)}
          >
            <option value="doc_id">Expected document id (doc_id)</option>
            <option value="llm_relevancy">
              {useModel ? 'Language model' : 'Reranking model'}&apos;s relevance (llm_relevancy)
            </option>
          </SelectField>
        </fieldset>
        <ModelFields
          legend="Language model"
          value={model}
          onChange={setModel}
          savedKey={false}
          oneOff
          collapsed={!useModel}
          intro={
            <label className="ev-check ev-model-toggle">
              <input type="checkbox" checked={useModel} onChange={(e) => setUseModel(e.target.checked)} /> Use
              a language model to write the generated questions and judge relevance (llm_relevancy). It is
              used for this run only: neither it nor its key is kept.
            </label>
          }
        />
        <div className="ev-settings">
          {/* Settings start from the KB's current defaults: none is shown before they arrive, so a change made
              meanwhile is never made to a stand-in (which the defaults would not replace). */}
          {settingsLoading && <p className="muted">Loading the knowledge base's search settings…</p>}
          {!settingsLoading &&
            current.map((s, i) => (
              <SettingsEditor
                key={i}
                index={i}
                value={s}
                onChange={(next) => update(i, next)}
                hasReranker={kbInfo.data ? Boolean(kbInfo.data.reranking_model) : true}
                onRemove={
                  current.length > 1 ? () => setSettings(current.filter((_, j) => j !== i)) : undefined
                }
              />
            ))}
        </div>
        <div className="ev-buttons">
          <button
            type="button"
            className="btn"
            disabled={settingsLoading || current.length >= MAX_SETTINGS}
            onClick={() => setSettings([...current, { ...current[current.length - 1] }])}
          >
            Compare another setting
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={settingsLoading || !testTable || start.isPending || running || waiting}
          >
            {start.isPending ? 'Starting…' : running ? 'Evaluating…' : 'Run evaluation'}
          </button>
          {defaults.data && <span className="muted">Default now: {describeSettings(defaults.data)}</span>}
        </div>
      </form>
      {start.isError && (
        <p role="alert" className="error-box">
          {problemMessage(start.error)}
        </p>
      )}
      {(running || waiting) && (
        <ProgressBar
          label="Evaluation progress"
          fraction={total > 0 ? done / total : null}
          text={total > 0 ? `${done} of ${total} searches` : 'Starting…'}
        />
      )}
      {failed.map((f) => (
        <p key={f.id} role="alert" className="error-box">
          {describeSettings(f.settings)}: {f.error}
        </p>
      ))}
      {apply.isError && (
        <p role="alert" className="error-box">
          {problemMessage(apply.error)}
        </p>
      )}
      {apply.isSuccess && (
        <p role="status" className="muted">
          Searches of {kb} now use {describeSettings(apply.data)} when they do not say otherwise.
        </p>
      )}
      {allDone && !historyId && (
        <EvaluationResults
          runs={records}
          defaults={defaults.data}
          onUse={(s) => apply.mutate(s)}
          applying={apply.isPending}
        />
      )}
      {historyId && shownHistory[0]?.data && (
        <EvaluationResults
          runs={[shownHistory[0].data]}
          defaults={defaults.data}
          onUse={(s) => apply.mutate(s)}
          applying={apply.isPending}
        />
      )}
      <h3 className="ev-heading">Past evaluations</h3>
      {history.isError && <p className="error-box">{problemMessage(history.error)}</p>}
      <EvaluationHistory evaluations={history.data ?? []} onShow={setHistoryId} shown={historyId} />
    </section>
  );
}
