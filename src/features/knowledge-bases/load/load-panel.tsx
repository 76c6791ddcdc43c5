import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { KnowledgeBase } from '../../../../protocol/api/knowledge-bases';
import { useFiles } from '../../../api/files/queries';
import { insertFromTableSql } from '../../../api/knowledge-bases/sql';
import { tableColumnsQuery } from '../../../api/sql/queries';
import { plural } from '../../../components/format';
import { feedsFrom, initialMapping, kbColumns, mappingProblem, type ColumnMapping } from './column-mapping';
import { MappingEditor } from './mapping-editor';
import { ProgressBar } from './progress-bar';
import { SourcePicker } from './source-picker';
import { choiceLabel, choiceOf } from './table-choice';
import { useLoadRunner } from './use-load-runner';

/** Loads the rows of a table (or of a file uploaded here) into the KB, showing progress to the end. */
export function LoadPanel({
  project,
  kb,
  initialTable = '',
}: {
  project: string;
  kb: KnowledgeBase;
  initialTable?: string;
}) {
  const files = useFiles();
  const id = useId();
  const [table, setTable] = useState(initialTable);
  // The mapping belongs to the table it was made for; a new table starts from a fresh guess.
  const [edited, setEdited] = useState<{ table: string; mapping: ColumnMapping } | null>(null);
  const runner = useLoadRunner(project, kb.name);
  const from = choiceOf(table);
  const fromSource = from !== null && from.db !== 'files';
  const info = from && !fromSource ? files.data?.find((f) => f.name === from.table) : undefined;
  // A data source's table: its columns are read from the source (an empty SELECT), its rows are not counted.
  const sourceColumns = useQuery({
    ...tableColumnsQuery(from?.db ?? '', from?.table ?? '', from?.schema),
    enabled: fromSource,
  });
  const found = fromSource ? sourceColumns.isSuccess : Boolean(info);
  const columns = (fromSource ? sourceColumns.data : info?.columns) ?? [];
  const label = from ? choiceLabel(from) : '';
  const cols = kbColumns(kb);
  const mapping = edited?.table === table ? edited.mapping : initialMapping(cols, columns);
  const problem = from && found ? mappingProblem(cols, mapping) : null;
  const feeds = feedsFrom(cols, mapping);
  const sql = from && found && !problem ? insertFromTableSql(project, kb.name, from, feeds) : '';
  const rows = typeof info?.row_count === 'number' ? info.row_count : null;

  return (
    <section className="kb-load" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Load data
      </h2>
      <SourcePicker table={table} onChange={setTable} />
      {from && found && (
        <MappingEditor
          kb={cols}
          columns={columns}
          source={label}
          value={mapping}
          onChange={(next) => setEdited({ table, mapping: next })}
        />
      )}
      {from && !fromSource && files.isSuccess && !info && (
        <p role="alert" className="error-box">
          There is no table {label} any more. Choose another.
        </p>
      )}
      {fromSource && sourceColumns.isPending && <p className="muted">Reading the columns of {label}…</p>}
      {fromSource && sourceColumns.isError && (
        <p role="alert" className="error-box">
          Could not read the columns of {label}: {sourceColumns.error.message}
        </p>
      )}
      {sql && (
        <div className="kb-sql">
          <span className="field-label">Statement to run</span>
          <pre className="rp-json">{sql}</pre>
        </div>
      )}
      {problem && <p className="field-error">{problem}</p>}
      <div className="kb-load-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!sql || runner.running}
          onClick={() => from && void runner.start({ from, columns: feeds, rowsTotal: rows })}
        >
          {runner.running ? 'Loading…' : rows === null ? 'Load rows' : `Load ${plural(rows, 'row')}`}
        </button>
        {runner.running && (
          // The server stops the load after the batch it is embedding: that can take a while.
          <button
            type="button"
            className="btn"
            onClick={runner.cancel}
            disabled={runner.job?.cancelRequested}
          >
            {runner.job?.cancelRequested ? 'Stopping after this batch…' : 'Cancel load'}
          </button>
        )}
        {runner.job && !runner.running && (
          <button type="button" className="btn btn-ghost" onClick={runner.dismiss}>
            Clear
          </button>
        )}
      </div>
      {runner.job && runner.view && (
        <div className="kb-load-status">
          {runner.running && !runner.job.source && (
            <p className="field-hint">
              A load started earlier is still running on the server (it goes on when the page closes).
            </p>
          )}
          <ProgressBar label="Load progress" fraction={runner.view.fraction} text={runner.view.text} />
          {runner.running && runner.progressUnavailable && (
            <p className="field-hint">
              This server does not report progress; the bar fills when the load ends.
            </p>
          )}
          {runner.job.phase === 'done' && (
            <p role="status" className="rp-status">
              Loaded{' '}
              {runner.job.rowsLoaded !== null && runner.job.rowsLoaded !== undefined
                ? plural(runner.job.rowsLoaded, 'row')
                : 'the rows'}{' '}
              {runner.job.source ? `from ${runner.job.source} ` : ''}into {kb.name}
              {/* A load found running when the page opened: its start is not known here. */}
              {runner.job.finishedAt && runner.job.source
                ? ` in ${((runner.job.finishedAt - runner.job.startedAt) / 1000).toFixed(1)} s`
                : ''}
              . <Link to="?tab=search">Try a search</Link>
            </p>
          )}
          {runner.job.phase === 'cancelled' && (
            <p role="status" className="rp-status">
              {runner.job.source
                ? `The load from ${runner.job.source} was cancelled.`
                : 'The load was cancelled.'}{' '}
              <KeptRows rows={runner.rowsKept} kb={kb.name} />
            </p>
          )}
          {runner.job.phase === 'failed' && (
            <div role="alert" className="error-box">
              {runner.job.source ? `The load from ${runner.job.source} failed` : 'The load failed'}:{' '}
              {runner.job.error}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * What a cancelled load leaves behind. Its stored batches stay (as in MindsDB); the server does not record
 * which rows a load wrote (a row may have replaced one loaded before), so they cannot be removed as a group.
 */
function KeptRows({ rows, kb }: { rows: number | null; kb: string }) {
  if (rows === 0) return <>No row was stored before it stopped.</>;
  const what =
    rows === null
      ? 'Rows embedded before it stopped stay'
      : rows === 1
        ? 'The 1 row stored before it stopped stays'
        : `The ${plural(rows, 'row')} stored before it stopped stay`;
  return (
    <>
      {what} in {kb}: the server does not record which rows one load wrote, so they cannot be removed as a
      group. Loading again replaces them rather than adding them twice.
    </>
  );
}
