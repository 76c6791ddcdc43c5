import { useEffect, useRef } from 'react';
import { splitMetadata } from '../../api/knowledge-bases/metadata-keys';
import type { KbChunk } from '../../../protocol/kb-observation';
import './answer.css';

interface Props {
  chunkId: string;
  /** Undefined when the run's tool results did not include this chunk. */
  chunk: KbChunk | undefined;
  onClose: () => void;
}

const formatValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The text of a cited chunk, shown under the answer; it takes focus so keyboard users land on it. */
export function ChunkPanel({ chunkId, chunk, onClose }: Props) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [chunkId]);
  // Only the user's metadata: the chunker's bookkeeping (`_chunk_index`, ...) says nothing to a reader.
  const entries = chunk ? splitMetadata(chunk.metadata).own : [];
  return (
    <section
      ref={ref}
      className="chat-chunk"
      aria-label={`Chunk ${chunkId}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="chat-chunk-head">
        <code>{chunkId}</code>
        {chunk?.relevance != null && (
          <span className="chat-muted">relevance {chunk.relevance.toFixed(3)}</span>
        )}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </header>
      {chunk ? (
        <>
          <p className="chat-chunk-text">{chunk.content}</p>
          {entries.length > 0 && (
            <dl className="chat-chunk-meta">
              {entries.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{formatValue(v)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ) : (
        <p className="chat-muted">
          This chunk is not among the results the agent retrieved in this run, so its text cannot be shown
          here.
        </p>
      )}
    </section>
  );
}
