import type { ReactNode } from 'react';
import { isBookkeepingKey } from '../../api/knowledge-bases/metadata-keys';
import { TableHead } from '../../components/table-head';
import type { KbChunk } from '../../../protocol/kb-observation';
import './result-table.css';

/**
 * The table's scrolling box. It takes the focus (named by the caption), so that a keyboard user can scroll a
 * wide or long table with the arrow keys too.
 */
function ScrollBox({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="chat-table-wrap" role="group" aria-label={caption} tabIndex={0}>
      {children}
    </div>
  );
}

const cell = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The knowledge-base tool's rows: what the agent read, with the metadata the user gave the documents. */
export function KbResultTable({ chunks, caption }: { chunks: KbChunk[]; caption: string }) {
  if (chunks.length === 0) return <p className="chat-muted">No chunks matched.</p>;
  return (
    <ScrollBox caption={caption}>
      <table className="chat-table">
        <caption>{caption}</caption>
        <TableHead columns={['Chunk', 'Content', 'Relevance', 'Metadata']} />
        <tbody>
          {chunks.map((c) => (
            <tr key={c.chunkId}>
              <td>
                <code>{c.chunkId}</code>
              </td>
              <td>
                <div className="chat-clamp" title={c.content}>
                  {c.content}
                </div>
              </td>
              <td className="chat-num">{c.relevance == null ? '' : c.relevance.toFixed(3)}</td>
              <td className="chat-table-meta">
                {Object.entries(c.metadata)
                  .filter(([k]) => !isBookkeepingKey(k))
                  .map(([k, v]) => `${k}: ${cell(v)}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Rows of a final query (the v26 format's data events). */
export function RowsTable({
  columns,
  rows,
  caption,
}: {
  columns: string[];
  rows: unknown[][];
  caption: string;
}) {
  return (
    <ScrollBox caption={caption}>
      <table className="chat-table">
        <caption>{caption}</caption>
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c, j) => (
                <td key={c}>{cell(row[j])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
