import { memo, useCallback, useId, useMemo, useState } from 'react';
import { AnswerMarkdown } from './answer-markdown';
import type { RunItem, Turn } from './chat-reducer';
import { ChunkPanel } from './chunk-panel';
import { chunksById } from '../../../protocol/kb-observation';
import { RowsTable } from './result-table';
import { ToolCard } from './tool-card';
import { TraceId } from './trace-id';

const RunItemView = memo(function RunItemView({ item, settled }: { item: RunItem; settled: boolean }) {
  switch (item.type) {
    case 'tool':
      return <ToolCard item={item} settled={settled} />;
    case 'note':
      return <p className="chat-note">{item.text}</p>;
    case 'table':
      return <RowsTable columns={item.columns} rows={item.rows} caption={`${item.rows.length} rows`} />;
    case 'error':
      return (
        <div role="alert" className="chat-error">
          <strong>Error:</strong> <span className="chat-error-text">{item.message}</span>
        </div>
      );
  }
});

const STATUS_LABEL: Record<Turn['status'], string> = {
  streaming: 'Working…',
  done: 'Done',
  stopped: 'Stopped',
  error: 'Failed',
};

interface Props {
  turn: Turn;
  /** Only the last turn can be retried; the others receive nothing, so they stay memoised. */
  onRetry?: () => void;
}

/**
 * One question and everything the agent did for it. Memoised: a finished turn keeps its object identity in
 * the reducer, so it never re-renders while a later one streams.
 */
export const TurnView = memo(function TurnView({ turn, onRetry }: Props) {
  const questionId = useId();
  const [openChunk, setOpenChunk] = useState<string | null>(null);
  const observations = useMemo(
    () => turn.items.flatMap((i) => (i.type === 'tool' && i.observation ? [i.observation] : [])),
    [turn.items],
  );
  const chunks = useMemo(() => chunksById(observations), [observations]);
  const onCite = useCallback((id: string) => setOpenChunk((open) => (open === id ? null : id)), []);
  const closeChunk = useCallback(() => setOpenChunk(null), []);
  const streaming = turn.status === 'streaming';

  return (
    <article className="chat-turn" aria-labelledby={questionId} data-status={turn.status}>
      <p id={questionId} className="chat-question">
        {turn.question}
      </p>
      <div className="chat-run">
        {turn.items.map((item) => (
          <RunItemView key={item.id} item={item} settled={!streaming} />
        ))}
        {turn.answer ? (
          // A group, not a region: a long conversation would fill the page's landmarks with "Answer"s.
          <div className="chat-answer" role="group" aria-label="Answer">
            <AnswerMarkdown text={turn.answer} onCite={onCite} openChunk={openChunk} />
          </div>
        ) : (
          turn.status === 'done' && <p className="chat-muted">The agent finished without an answer.</p>
        )}
        {openChunk && <ChunkPanel chunkId={openChunk} chunk={chunks.get(openChunk)} onClose={closeChunk} />}
        <footer className="chat-turn-foot">
          <span className={`chat-status chat-status-${turn.status}`}>
            {streaming && <span className="chat-spinner" aria-hidden="true" />}
            {STATUS_LABEL[turn.status]}
          </span>
          {turn.traceId && <TraceId id={turn.traceId} />}
          {onRetry && !streaming && (
            <button type="button" className="btn btn-ghost" onClick={onRetry}>
              Retry
            </button>
          )}
        </footer>
      </div>
    </article>
  );
});
