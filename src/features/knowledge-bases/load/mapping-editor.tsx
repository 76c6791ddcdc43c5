import { useId } from 'react';
import { PlainOptions } from '../../../components/plain-options';
import { TableHead } from '../../../components/table-head';
import type { ColumnMapping, KbColumns } from './column-mapping';

export interface MappingEditorProps {
  kb: KbColumns;
  /** Columns of the source table. */
  columns: string[];
  source: string;
  value: ColumnMapping;
  onChange: (next: ColumnMapping) => void;
}

/** Which source column feeds each column of the KB: content (required), id, and metadata. */
export function MappingEditor({ kb, columns, source, value, onChange }: MappingEditorProps) {
  const id = useId();
  const rows: {
    role: string;
    target: string;
    current: string;
    set: (v: string) => void;
    optional: string;
  }[] = [
    ...kb.content.map((target) => ({
      role: 'content',
      target,
      current: value.content[target] ?? '',
      set: (v: string) => onChange({ ...value, content: { ...value.content, [target]: v } }),
      optional: '',
    })),
    {
      role: 'id',
      target: kb.id,
      current: value.id,
      set: (v: string) => onChange({ ...value, id: v }),
      optional: 'None: derive ids from the text',
    },
    ...(kb.metadata ?? []).map((target) => ({
      role: 'metadata',
      target,
      current: value.metadata[target] ?? '',
      set: (v: string) => onChange({ ...value, metadata: { ...value.metadata, [target]: v } }),
      optional: 'None: leave out',
    })),
  ];
  const extraCandidates = columns.filter((c) => c !== value.id && !Object.values(value.content).includes(c));
  return (
    <fieldset className="rp-section">
      <legend>Columns</legend>
      <table className="rp-changes kb-map">
        <caption className="sr-only">
          Which column of {source} feeds each column of the knowledge base
        </caption>
        <TableHead columns={['Knowledge base column', 'Used as', `From ${source}`]} />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.role}:${row.target}`}>
              <th scope="row" className="rp-mono">
                {row.target}
              </th>
              <td>{row.role}</td>
              <td>
                <select
                  className="input"
                  aria-label={`Source of ${row.role} ${row.target}`}
                  aria-invalid={(!row.optional && !row.current) || undefined}
                  value={row.current}
                  onChange={(e) => row.set(e.target.value)}
                >
                  <option value="">{row.optional || 'Choose a column…'}</option>
                  <PlainOptions values={columns} />
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {kb.metadata === null && (
        <div className="field kb-extra" role="group" aria-labelledby={`${id}-extra`}>
          <span id={`${id}-extra`} className="field-label">
            Keep as metadata
          </span>
          {extraCandidates.length === 0 ? (
            <span className="field-hint">No other columns.</span>
          ) : (
            <div className="kb-checks">
              {extraCandidates.map((c) => (
                <label key={c} className="kb-check">
                  <input
                    type="checkbox"
                    checked={value.extra.includes(c)}
                    onChange={(e) =>
                      onChange({
                        ...value,
                        extra: e.target.checked ? [...value.extra, c] : value.extra.filter((x) => x !== c),
                      })
                    }
                  />
                  <span className="rp-mono">{c}</span>
                </label>
              ))}
            </div>
          )}
          <span className="field-hint">
            The KB names no metadata columns, so it keeps every column you tick.
          </span>
        </div>
      )}
    </fieldset>
  );
}
