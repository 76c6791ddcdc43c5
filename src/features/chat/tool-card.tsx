import { memo, useId, useMemo, useState } from 'react';
import type { ToolItem } from './chat-reducer';
import { parseKbObservation } from './kb-observation';
import { KbResultTable } from './result-table';

const KB_QUERY_TOOL = 'kb_query_tool';

/** One line of the input for the collapsed header: enough to tell calls apart. */
const preview = (input: string) => {
  const line = input.replace(/\s+/g, ' ').trim();
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};

function Observation({ item }: { item: ToolItem }) {
  const kb = useMemo(
    () => (item.tool === KB_QUERY_TOOL && item.observation ? parseKbObservation(item.observation) : null),
    [item.tool, item.observation],
  );
  if (kb) return <KbResultTable chunks={kb.chunks} caption={`${kb.chunks.length} chunks returned`} />;
  return <pre className="chat-pre">{item.observation || '(empty)'}</pre>;
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
    <div className={`chat-tool${running ? ' chat-tool-running' : ''}`}>
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
              <div className="chat-label">Reasoning</div>
              <pre className="chat-pre chat-pre-soft">{item.log}</pre>
            </>
          )}
          <div className="chat-label">Observation</div>
          {done ? (
            <Observation item={item} />
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
