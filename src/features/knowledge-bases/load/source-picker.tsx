import { useId, useState, type FormEvent } from 'react';
import { objectNamePattern } from '../../../../protocol/api/files';
import { useUploadFile } from '../../../api/files/mutations';
import { useFiles } from '../../../api/files/queries';
import { problemMessage } from '../../../components/field-errors';
import { plural } from '../../../components/format';
import { tableNameFromFile } from '../../../lib/sql-text';
import { ProgressBar } from './progress-bar';

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
        <UploadSource
          onUploaded={(name) => {
            onChange(name);
            setMode('table');
          }}
        />
      )}
    </fieldset>
  );
}

function UploadSource({ onUploaded }: { onUploaded: (table: string) => void }) {
  const upload = useUploadFile();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [fraction, setFraction] = useState(0);
  const nameError =
    name && !objectNamePattern.test(name) ? 'Use letters, digits and _; start with a letter.' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || !name || nameError) return;
    setFraction(0);
    upload.mutate({ name, file, onProgress: setFraction }, { onSuccess: () => onUploaded(name) });
  };
  return (
    // Its own form so that Enter uploads; the load panel around it is deliberately not a form.
    <form className="kb-upload" onSubmit={submit} aria-label="Upload a file">
      <div className="rp-grid">
        <div className="field">
          <label htmlFor={`${id}-file`}>File</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.json,.jsonl,.parquet,.txt,.md"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f) setName(tableNameFromFile(f.name));
            }}
          />
          <span className="field-hint">CSV, JSON, Parquet or text. It becomes a table of files.</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>Table name</label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            spellCheck={false}
            aria-invalid={!!nameError || undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && <span className="field-error">{nameError}</span>}
        </div>
      </div>
      {upload.isPending && (
        <ProgressBar
          label="Upload progress"
          fraction={fraction}
          text={fraction >= 1 ? 'Reading the file…' : `Uploading: ${Math.round(fraction * 100)} %`}
        />
      )}
      {upload.isError && (
        <p role="alert" className="error-box">
          {problemMessage(upload.error)}
        </p>
      )}
      <button type="submit" className="btn" disabled={!file || !name || !!nameError || upload.isPending}>
        Upload
      </button>
    </form>
  );
}
