import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { objectNamePattern } from '../../protocol/api/files';
import { isNameTaken, useUploadFile } from '../api/files/mutations';
import { useFiles } from '../api/files/queries';
import { ConfirmDialog } from './confirm-dialog';
import { Field, TextField } from './field';
import { tableNameFromFile } from '../lib/sql-text';
import './upload-form.css';

export interface UploadFormProps {
  /** Called once the table `files.<name>` exists. */
  onUploaded?: (name: string) => void;
  /** Buttons before Upload (a dialog's Cancel or Close); told whether the upload has finished. */
  actions?: (state: { done: boolean }) => ReactNode;
}

const ACCEPT = '.csv,.tsv,.json,.jsonl,.parquet,.txt,.md';

/**
 * The one upload form: a file becomes the table `files.<name>`, with progress, and the error in plain words.
 * Picking another file or editing the name clears the last attempt's error, so a message about a previous
 * file never stands beside a valid one. Leaving the form (closing its dialog) cancels an upload in flight.
 */
export function UploadForm({ onUploaded, actions }: UploadFormProps) {
  const upload = useUploadFile();
  const files = useFiles();
  /** The name the user is being asked about: "Replace table files.<name>?" */
  const [asking, setAsking] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  /** The name proposed from the last file: replaced by the next file's unless the user typed another. */
  const [proposed, setProposed] = useState('');
  const [fraction, setFraction] = useState(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const nameError =
    name && !objectNamePattern.test(name) ? 'Use letters, digits and _; start with a letter.' : null;
  const { reset } = upload;

  const send = (replace: boolean) => {
    if (!file) return;
    abort.current = new AbortController();
    setFraction(0);
    upload.mutate(
      { name, file, onProgress: setFraction, signal: abort.current.signal, replace },
      {
        onSuccess: () => onUploaded?.(name),
        // The list was out of date: the server says the name is taken, so ask now.
        onError: (err) => {
          if (!replace && isNameTaken(err)) {
            reset();
            setAsking(name);
          }
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    // A form inside another form's page: the submit is ours alone.
    e.preventDefault();
    e.stopPropagation();
    if (!file || !name || nameError) return;
    // Never overwrite silently: a name that is taken is a question first.
    const taken = files.data?.some((f) => f.name.toLowerCase() === name.toLowerCase());
    if (taken) setAsking(name);
    else send(false);
  };

  return (
    <form className="upload-form" onSubmit={submit} aria-label="Upload a file">
      <Field label="File" hint="CSV, JSON, Parquet or text. It becomes the table files.<name>.">
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null;
              setFile(picked);
              reset();
              if (picked && (!name || name === proposed)) {
                const next = tableNameFromFile(picked.name);
                setName(next);
                setProposed(next);
              }
            }}
          />
        )}
      </Field>
      <TextField
        label="Table name"
        value={name}
        spellCheck={false}
        error={nameError}
        announceError={false}
        onChange={(e) => {
          setName(e.target.value);
          if (!upload.isPending) reset();
        }}
      />
      {(upload.isPending || upload.isSuccess) && (
        <div className="upload-progress">
          <progress max={1} value={upload.isSuccess ? 1 : fraction} aria-label="Upload progress" />
          <span>
            {upload.isSuccess
              ? 'Loaded'
              : fraction >= 1
                ? 'Reading the file…'
                : `Uploading: ${Math.round(fraction * 100)} %`}
          </span>
        </div>
      )}
      {upload.isSuccess && (
        <p role="status" className="upload-done">
          files.{upload.variables.name} is ready.
        </p>
      )}
      {upload.isError && (
        <p role="alert" className="error-box">
          {upload.error.message}
        </p>
      )}
      {asking !== null && (
        <ConfirmDialog
          open
          title={`Replace table files.${asking}?`}
          confirmLabel="Replace"
          danger
          onConfirm={() => {
            setAsking(null);
            send(true);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>
            A table files.{asking} already exists. Replacing it deletes its rows and loads this file in their
            place. Knowledge bases already loaded from it keep what they hold.
          </p>
          <p className="muted">To keep both, cancel and choose another table name.</p>
        </ConfirmDialog>
      )}
      <div className="upload-actions">
        {actions?.({ done: upload.isSuccess })}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!file || !name || !!nameError || upload.isPending}
        >
          Upload
        </button>
      </div>
    </form>
  );
}
