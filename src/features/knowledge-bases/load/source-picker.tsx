import { useState } from 'react';
import { useFiles } from '../../../api/files/queries';
import { UploadForm } from '../../../components/upload-form';
import { Field } from '../../../components/field';
import { RadioChoices } from '../../../components/radio-choices';
import { TableOptions, useSourceTables } from './table-options';

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
                <TableOptions files={files.data ?? []} sources={sources} none="Choose a table…" />
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
