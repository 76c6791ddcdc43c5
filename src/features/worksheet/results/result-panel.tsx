import { useId, useRef, type KeyboardEvent } from 'react';
import { formatCount, statementSummary } from '../format';
import { offsetOfPosition, positionOfOffset } from '../sql/error-position';
import type { RunItem, TabRun } from '../store/results-store';
import { Grid } from './grid-loader';
import { ErrorView, OkView, RunningView, StoppedView } from './outcome-views';
import { SessionEndedView } from './session-ended-view';
import './result-panel.css';

export interface ResultPanelProps {
  run: TabRun | undefined;
  /** The worksheet text, to say where an error is. */
  doc: string;
  onSelect: (index: number) => void;
  onStop: () => void;
  /** Moves the editor cursor to a document offset. */
  onReveal: (offset: number) => void;
  /** Runs the statement at `index` and those after it again (the session had ended when they were sent). */
  onRerun?: (index: number) => void;
  emptyHint: string;
}

const STATUS_ICON: Record<RunItem['status'], string> = {
  queued: '…',
  running: '●',
  done: '',
  stopped: '■',
  failed: '✕',
  skipped: '–',
};

function itemLabel(item: RunItem): { icon: string; text: string; tone: string } {
  const r = item.result;
  if (item.status === 'done' && r?.type === 'table')
    return { icon: '', text: formatCount(r.data.length, 'row', 'rows'), tone: '' };
  if (item.status === 'done' && r?.type === 'ok') return { icon: '✓', text: 'ok', tone: 'ok' };
  if (item.status === 'done' && r?.type === 'error') return { icon: '✕', text: 'error', tone: 'error' };
  const tone = item.status === 'failed' ? 'error' : item.status === 'running' ? 'running' : 'muted';
  return { icon: STATUS_ICON[item.status], text: item.status, tone };
}

/** Where an error sits in the worksheet: the server's position, shifted to the statement's place. */
function errorOffset(item: RunItem): number | undefined {
  const r = item.result;
  if (r?.type !== 'error' || !r.error_position) return undefined;
  return item.statement.from + offsetOfPosition(item.statement.text, r.error_position);
}

function ItemView({
  item,
  doc,
  onStop,
  onReveal,
  onRerun,
}: { item: RunItem; onRerun?: () => void } & Pick<ResultPanelProps, 'doc' | 'onStop' | 'onReveal'>) {
  const r = item.result;
  switch (item.status) {
    case 'queued':
      return <p className="outcome muted">Waiting for the statements before it.</p>;
    case 'skipped':
      return <p className="outcome muted">Not run: a statement before it failed or was stopped.</p>;
    case 'running':
      return <RunningView startedAt={item.startedAt} onStop={onStop} />;
    case 'stopped':
      return <StoppedView durationMs={item.durationMs} serverSaid={item.serverSaid} />;
    case 'failed':
      if (item.sessionEnded) return <SessionEndedView onRerun={onRerun} />;
      return <ErrorView title="The request failed" message={item.failure ?? 'Unknown failure'} />;
  }
  if (r?.type === 'table') {
    return <Grid result={r} durationMs={item.durationMs} query={item.statement.text} />;
  }
  if (r?.type === 'ok') return <OkView result={r} durationMs={item.durationMs} />;
  const offset = errorOffset(item);
  return (
    <ErrorView
      title="The statement failed"
      message={r?.type === 'error' ? r.error_message : 'No result'}
      where={offset !== undefined ? positionOfOffset(doc, offset) : undefined}
      onReveal={offset !== undefined ? () => onReveal(offset) : undefined}
    />
  );
}

/** One result tab per statement of the last run, and the chosen one's outcome beneath. */
export function ResultPanel({ run, doc, onSelect, onStop, onReveal, onRerun, emptyHint }: ResultPanelProps) {
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!run || run.items.length === 0) return <p className="result-empty muted">{emptyHint}</p>;
  const active = Math.min(run.activeIndex, run.items.length - 1);

  const onKeyDown = (e: KeyboardEvent) => {
    const last = run.items.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (active + 1) % (last + 1)
        : e.key === 'ArrowLeft'
          ? (active + last) % (last + 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onSelect(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="result-panel" aria-label="Results">
      <div className="result-tabs" role="tablist" aria-label="Statement results" onKeyDown={onKeyDown}>
        {run.items.map((item, i) => {
          const { icon, text, tone } = itemLabel(item);
          return (
            <button
              key={i}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${i}`}
              aria-selected={i === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={i === active ? 0 : -1}
              className={`result-tab tone-${tone || 'plain'}`}
              title={item.statement.text}
              onClick={() => onSelect(i)}
            >
              <span className="result-tab-index">{i + 1}</span>
              <span className="result-tab-sql">{statementSummary(item.statement.text, 32)}</span>
              <span className="result-tab-status">
                {icon && <span aria-hidden="true">{icon} </span>}
                {text}
              </span>
            </button>
          );
        })}
      </div>
      <div
        className="result-body"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
      >
        <ItemView
          key={`${run.id}-${active}`}
          item={run.items[active]}
          doc={doc}
          onStop={onStop}
          onReveal={onReveal}
          onRerun={onRerun ? () => onRerun(active) : undefined}
        />
      </div>
    </section>
  );
}
