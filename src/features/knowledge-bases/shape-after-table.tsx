import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FileInfo } from '../../../protocol/api/files';
import { runSql } from '../../api/sql/run-sql';
import { qualifiedName } from '../../lib/sql-text';
import { choiceLabel, choiceOf } from './load/table-choice';
import { TableOptions, useSourceTables } from './load/table-options';
import { guessShape, type ShapeGuess } from './shape-guess';
import './shape-after-table.css';

/** Rows read to judge which column holds the text: enough to average, few enough to be instant. */
const SAMPLE_ROWS = 200;

/**
 * The first rows of a table (a choice key: of files or of a data source), for the shape guess and the column
 * suggestions of the create form.
 */
export function useTableSample(table: string) {
  return useQuery({
    queryKey: ['kb-shape-sample', table],
    enabled: table !== '',
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const ref = choiceOf(table)!;
      const result = await runSql({
        query: `SELECT * FROM ${qualifiedName(ref.db, ...(ref.schema ? [ref.schema] : []), ref.table)} LIMIT ${SAMPLE_ROWS}`,
        signal,
      });
      if (result.type === 'error') throw new Error(result.error_message);
      return result.type === 'table' ? { columns: result.column_names, rows: result.data } : null;
    },
  });
}

/**
 * "Shape after a table": pick a table (of files or of a data source, as the load tab offers), see which columns the console would use (the longest text as
 * content, an id-like column as id, the rest as metadata) and why, then apply the guess or keep the columns
 * as they are. Nothing changes in the form until the guess is confirmed.
 */
export function ShapeAfterTable(props: {
  files: FileInfo[] | undefined;
  table: string;
  onTable: (table: string) => void;
  onApply: (guess: ShapeGuess) => void;
}) {
  const { files, table, onTable, onApply } = props;
  const id = useId();
  const sample = useTableSample(table);
  const sources = useSourceTables();
  const label = table ? choiceLabel(choiceOf(table)!) : '';
  const [decided, setDecided] = useState<string | null>(null);
  const guess = sample.data ? guessShape(sample.data.columns, sample.data.rows) : null;
  const asking = table !== '' && decided !== table;

  return (
    <div className="field">
      <label htmlFor={`${id}-table`}>Shape after a table (optional)</label>
      <select
        id={`${id}-table`}
        className="input"
        value={table}
        onChange={(e) => {
          onTable(e.target.value);
          setDecided(null);
        }}
      >
        <TableOptions files={files ?? []} sources={sources} none="None" />
      </select>
      <span className="field-hint">Suggests the columns below from the table, and loads it next.</span>
      {asking && sample.isPending && (
        <p className="muted" role="status">
          Reading the first rows of {label}…
        </p>
      )}
      {asking && sample.isError && (
        <p className="error-box" role="alert">
          Could not read {label}: {sample.error.message}
        </p>
      )}
      {asking && guess && (
        <section className="kb-shape-guess" aria-label="Suggested columns">
          <dl>
            <dt>Content</dt>
            <dd>
              <code>{guess.content}</code> <span className="muted">({guess.reason})</span>
            </dd>
            <dt>ID</dt>
            <dd>
              {guess.id ? (
                <code>{guess.id}</code>
              ) : (
                <span className="muted">none: ids are made from the text</span>
              )}
            </dd>
            <dt>Metadata</dt>
            <dd>{guess.metadata.length ? guess.metadata.map((m) => <code key={m}>{m} </code>) : 'none'}</dd>
          </dl>
          <div className="kb-shape-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onApply(guess);
                setDecided(table);
              }}
            >
              Use these columns
            </button>
            <button type="button" className="btn" onClick={() => setDecided(table)}>
              Keep the columns as they are
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
