import { useState } from 'react';
import type { SearchHit } from '../../../api/knowledge-bases/search';
import { splitMetadata } from '../../../api/knowledge-bases/metadata-keys';
import './search-hit.css';

/** Chunks longer than this start folded, so that ten results stay scannable. */
const FOLD_AT = 600;

function show(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One search result: relevance bar, ids, the chunk's text and its metadata. */
export function SearchHitCard({ hit, rank }: { hit: SearchHit; rank: number }) {
  const [open, setOpen] = useState(hit.content.length <= FOLD_AT);
  const relevance = hit.relevance === null ? null : Math.max(0, Math.min(1, hit.relevance));
  const { own, bookkeeping } = splitMetadata(hit.metadata);
  return (
    <article className="kb-hit" aria-label={`Result ${rank}`}>
      <header className="kb-hit-head">
        <span className="kb-hit-rank" aria-hidden>
          {rank}
        </span>
        {relevance === null ? (
          // A meter must have a value: an unranked hit keeps the empty bar's place, and says so in words.
          <div className="kb-meter" aria-hidden="true" />
        ) : (
          <div
            role="meter"
            aria-label="Relevance"
            aria-valuemin={0}
            aria-valuemax={1}
            aria-valuenow={relevance}
            aria-valuetext={relevance.toFixed(3)}
            className="kb-meter"
          >
            <div className="kb-meter-fill" style={{ width: `${relevance * 100}%` }} />
          </div>
        )}
        <span className="kb-hit-score">
          {relevance === null ? 'not ranked' : `relevance ${relevance.toFixed(3)}`}
          {hit.distance !== null && <span className="muted"> · distance {hit.distance.toFixed(3)}</span>}
        </span>
        <span className="kb-hit-id rp-mono" title="chunk_id">
          {hit.chunkId}
        </span>
      </header>
      <p className={`kb-hit-text${open ? '' : ' is-folded'}`}>{hit.content}</p>
      {hit.content.length > FOLD_AT && (
        <button
          type="button"
          className="btn btn-ghost kb-hit-more"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show the whole chunk'}
        </button>
      )}
      {own.length > 0 && <MetadataList entries={own} label="Metadata" />}
      {bookkeeping.length > 0 && (
        <details className="kb-meta-details">
          <summary>Chunk details</summary>
          <MetadataList entries={bookkeeping} label="Chunk details" system />
        </details>
      )}
    </article>
  );
}

/** Metadata as a definition list; the chunker's bookkeeping sits folded under "Chunk details". */
function MetadataList(props: { entries: [string, unknown][]; label: string; system?: boolean }) {
  return (
    <dl className="kb-meta" aria-label={props.label}>
      {props.entries.map(([k, v]) => (
        <div key={k} className={props.system ? 'is-system' : undefined}>
          <dt>{k}</dt>
          <dd>{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
