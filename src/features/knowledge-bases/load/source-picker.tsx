import { useId, useState } from 'react';
import { useFiles } from '../../../api/files/queries';
import { UploadForm } from '../../../components/upload-form';
import { plural } from '../../../components/format';

/** Where the rows come from: a table of `files`, or a file uploaded here that becomes one. */
export function SourcePicker({ table, onChange }: { table: string; onChange: (table: string) => void }) {
  const files = useFiles();
  const id = useId();
  const [mode, setMode] = useState<'table' | 'upload'>('table');
  const none = files.data?.length === 0;
  const effective = none ? 'upload' : mode;
  return (
    <fieldset className="rp-section">
      <legend>Source</legend>
      <div className="kb-radios">
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={effective === 'table'}
            disabled={none}
            onChange={() => setMode('table')}
          />
          A table of files
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={effective === 'upload'}
            onChange={() => setMode('upload')}
          />
          Upload a file
        </label>
      </div>
      {effective === 'table' ? (
        <div className="field kb-narrow">
          <label htmlFor={`${id}-table`}>Table</label>
          <select
            id={`${id}-table`}
            className="input"
            value={table}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">Choose a table…</option>
            {files.data?.map((f) => (
              <option key={f.name} value={f.name}>
                files.{f.name}
                {typeof f.row_count === 'number' ? ` (${plural(f.row_count, 'row')})` : ''}
              </option>
            ))}
          </select>
          {files.isError && (
            <span className="field-error">Could not list the files: {files.error.message}</span>
          )}
        </div>
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
