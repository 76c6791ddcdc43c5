import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { objectNamePattern } from '../../../protocol/api/files';
import { useUploadFile } from '../../api/files/mutations';
import { tableNameFromFile } from '../../lib/sql-text';
import '../../components/modal-dialog.css';

/** Uploads a CSV, JSON, Parquet or text file as a table of `files`, showing progress and any error. */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState(0);
  const ref = useRef<HTMLDialogElement>(null);
  const abort = useRef<AbortController | null>(null);
  const id = useId();

  useEffect(() => {
    ref.current?.showModal?.();
  }, []);

  const nameError =
    name && !objectNamePattern.test(name) ? 'Use letters, digits and _; start with a letter.' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || nameError || !name) return;
    abort.current = new AbortController();
    setProgress(0);
    upload.mutate({ name, file, onProgress: setProgress, signal: abort.current.signal });
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <dialog ref={ref} className="modal-dialog upload-dialog" aria-labelledby={`${id}-title`} onCancel={close}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>Upload a file</h2>
        <p className="muted">CSV, JSON, Parquet or text. It becomes the table files.&lt;name&gt;.</p>
        <div className="field">
          <label htmlFor={`${id}-file`}>File</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.json,.jsonl,.parquet,.txt,.md"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f && !name) setName(tableNameFromFile(f.name));
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>Table name</label>
          <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} />
          {nameError && <span className="field-error">{nameError}</span>}
        </div>
        {(upload.isPending || upload.isSuccess) && (
          <div className="upload-progress">
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>
              {upload.isSuccess
                ? 'Loaded'
                : progress >= 1
                  ? 'Reading the file…'
                  : `${Math.round(progress * 100)} %`}
            </span>
          </div>
        )}
        {upload.isSuccess && (
          <p role="status" className="upload-done">
            files.{name} is ready.
          </p>
        )}
        {upload.isError && (
          <p role="alert" className="error-box">
            {upload.error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close}>
            {upload.isSuccess ? 'Close' : 'Cancel'}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!file || !name || !!nameError || upload.isPending}
          >
            Upload
          </button>
        </div>
      </form>
    </dialog>
  );
}
