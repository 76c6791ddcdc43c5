import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { FileInfo } from '../../../../protocol/api/files';
import type { TreeObject } from '../../../../protocol/api/tree';
import { useFiles } from '../../../api/files/queries';
import type { TableRef } from '../../../api/knowledge-bases/sql';
import { databaseObjectsQuery, useDatabases } from '../../../api/tree/queries';
import { UploadForm } from '../../../components/upload-form';
import { Field } from '../../../components/field';
import { plural } from '../../../components/format';
import { RadioChoices } from '../../../components/radio-choices';
import { choiceKey, choiceLabel } from './table-choice';

/** The tables of a data source from its tree: bare, or inside one node per schema (PostgreSQL). */
function sourceTables(db: string, objects: TreeObject[]): TableRef[] {
  return objects.flatMap((o) =>
    o.class === 'schema'
      ? (o.children ?? []).map((c) => ({ db, schema: o.name, table: c.name }))
      : [{ db, table: o.name, ...(o.schema ? { schema: o.schema } : {}) }],
  );
}

/** The connected data sources (not `files`, projects or system databases) and their tables. */
function useSourceTables() {
  const databases = useDatabases();
  const sources = (databases.data ?? []).filter(
    (db) => db.type === 'data' && db.name !== 'files' && db.class !== 'project',
  );
  const lists = useQueries({ queries: sources.map((db) => databaseObjectsQuery(db.name)) });
  return sources.map((db, i) => ({
    db: db.name,
    engine: db.engine,
    tables: sourceTables(db.name, lists[i]?.data ?? []),
    error: lists[i]?.error?.message,
  }));
}

/** The tables to choose from: those of `files`, then each data source's, under its name and engine. */
function TableOptions({
  files,
  sources,
}: {
  files: FileInfo[];
  sources: ReturnType<typeof useSourceTables>;
}) {
  return (
    <>
      <option value="">Choose a table…</option>
      {files.length ? (
        <optgroup label="files">
          {files.map((f) => (
            <option key={f.name} value={f.name}>
              files.{f.name}
              {typeof f.row_count === 'number' ? ` (${plural(f.row_count, 'row')})` : ''}
            </option>
          ))}
        </optgroup>
      ) : null}
      {sources.map((s) => (
        <optgroup key={s.db} label={`${s.db}${s.engine ? ` (${s.engine})` : ''}`}>
          {s.tables.map((t) => (
            <option key={choiceKey(t)} value={choiceKey(t)}>
              {choiceLabel(t)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/**
 * Where the rows come from: a table of `files`, a table of a connected data source (read on the source and
 * streamed into the KB), or a file uploaded here that becomes a table of files. The value is a choice key
 * (table-choice.ts).
 */
export function SourcePicker({ table, onChange }: { table: string; onChange: (table: string) => void }) {
  const files = useFiles();
  const sources = useSourceTables();
  const [mode, setMode] = useState<'table' | 'upload'>('table');
  const none = files.data?.length === 0 && sources.every((s) => s.tables.length === 0);
  const effective = none ? 'upload' : mode;
  return (
    <fieldset className="rp-section">
      <legend>Source</legend>
      <div className="kb-radios">
        <RadioChoices
          value={effective}
          choices={[
            { value: 'table', label: 'A table', disabled: none },
            { value: 'upload', label: 'Upload a file' },
          ]}
          onChange={setMode}
        />
      </div>
      {effective === 'table' ? (
        <Field boxClassName="kb-narrow" label="Table">
          {(control) => (
            <>
              <select {...control} className="input" value={table} onChange={(e) => onChange(e.target.value)}>
                <TableOptions files={files.data ?? []} sources={sources} />
              </select>
              {files.isError && (
                <span className="field-error">Could not list the files: {files.error.message}</span>
              )}
              {sources
                .filter((s) => s.error)
                .map((s) => (
                  <span key={s.db} className="field-error">
                    Could not list the tables of {s.db}: {s.error}
                  </span>
                ))}
            </>
          )}
        </Field>
      ) : (
        <div className="kb-upload">
          <UploadForm
            onUploaded={(name) => {
              onChange(name);
              setMode('table');
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
