import { memo, useId, useMemo, useState } from 'react';
import type { ToolItem } from './chat-reducer';
import { parseKbObservation } from '../../../protocol/kb-observation';
import { parseTableObservation } from '../../../protocol/tool-observation';
import { KbResultTable, RowsTable } from './result-table';
import './tool-card.css';

/** One line of the input for the collapsed header: enough to tell calls apart. */
const preview = (input: string) => {
  const line = input.replace(/\s+/g, ' ').trim();
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};

/**
 * Knowledge-base results (the knowledge-base tool's, or any with a chunk_id column) as chunks, other
 * `Output columns:` results as rows, anything else as the text the tool returned.
 */
function Observation({ text }: { text: string }) {
  const parsed = useMemo(() => {
    const kb = parseKbObservation(text);
    return kb ? { kb } : { rows: parseTableObservation(text) };
  }, [text]);
  if (parsed.kb) {
    const n = parsed.kb.chunks.length;
    return <KbResultTable chunks={parsed.kb.chunks} caption={`${n} chunk${n === 1 ? '' : 's'} returned`} />;
  }
  if (parsed.rows) {
    const n = parsed.rows.rows.length;
    return (
      <RowsTable
        columns={parsed.rows.columns}
        rows={parsed.rows.rows}
        caption={`${n} row${n === 1 ? '' : 's'}`}
      />
    );
  }
  return <pre className="chat-pre">{text || '(empty)'}</pre>;
}

/**
 * A tool call as it happens: the header appears with the call and says "running" until the observation
 * arrives. Collapsed by default so the calls never bury the answer; the header button expands it.
 */
export const ToolCard = memo(function ToolCard({ item, settled }: { item: ToolItem; settled: boolean }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const done = item.observation !== undefined;
  // A call still waiting when its run was stopped or failed will never get its observation.
  const state = done ? 'done' : settled ? 'no result' : 'running…';
  const running = !done && !settled;
  return (
    <div
      className={`chat-tool${running ? ' chat-tool-running' : ''}`}
      role="group"
      aria-label={`Tool call ${item.tool}`}
    >
      <button
        type="button"
        className="chat-tool-head"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="chat-tool-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="chat-tool-name">{item.tool}</span>
        <span className="chat-tool-preview">{preview(item.input)}</span>
        <span className={`chat-tool-state${running ? ' chat-pulse' : done ? '' : ' chat-muted'}`}>
          {state}
        </span>
      </button>
      {open && (
        <div id={bodyId} className="chat-tool-body">
          <div className="chat-label">Input</div>
          <pre className="chat-pre">{item.input || '(none)'}</pre>
          {item.log && item.log !== item.input && (
            <>
              <div className="chat-label">Log</div>
              <pre className="chat-pre chat-pre-soft">{item.log}</pre>
            </>
          )}
          <div className="chat-label">Observation</div>
          {done ? (
            <Observation text={item.observation ?? ''} />
          ) : (
            <p className="chat-muted">
              {settled ? 'The run ended before the tool answered.' : 'Waiting for the tool…'}
            </p>
          )}
        </div>
      )}
    </div>
  );
});
