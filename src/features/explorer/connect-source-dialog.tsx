import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCheckConnection, useCreateDatabase, type SourceInput } from '../../api/databases/mutations';
import { SelectField, TextField } from '../../components/field';
import '../../components/modal-dialog.css';

const DEFAULT_PORTS = { postgres: 5432, mysql: 3306, mariadb: 3306 } as const;
const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Connects PostgreSQL, MySQL or MariaDB as a data source. The password is write-only: typed here, sent once,
 * never shown back. "Test connection" tries the parameters without saving; Connect tries them again and
 * saves only when they work.
 */
export function ConnectSourceDialog({ onClose }: { onClose: () => void }) {
  const check = useCheckConnection();
  const create = useCreateDatabase();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [form, setForm] = useState({
    name: '',
    engine: 'postgres' as SourceInput['engine'],
    host: '127.0.0.1',
    port: '5432',
    database: '',
    user: '',
    password: '',
  });

  useEffect(() => {
    ref.current?.showModal?.();
  }, []);

  const set = (key: keyof typeof form) => (value: string) => {
    check.reset();
    setForm((f) => ({
      ...f,
      [key]: value,
      ...(key === 'engine' ? { port: String(DEFAULT_PORTS[value as SourceInput['engine']]) } : {}),
    }));
  };
  const input = (): SourceInput => ({
    name: form.name,
    engine: form.engine,
    parameters: {
      host: form.host,
      port: Number(form.port),
      database: form.database,
      user: form.user,
      password: form.password,
    },
  });
  const nameError = form.name && !NAME.test(form.name) ? 'Use lower-case letters, digits and _.' : null;
  const ready = !!form.name && !nameError && !!form.host && !!form.user;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) create.mutate(input());
  };

  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      value={form[key]}
      onChange={(e) => set(key)(e.target.value)}
    />
  );

  return (
    <dialog ref={ref} className="modal-dialog" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>Connect a data source</h2>
        <TextField
          label="Name"
          value={form.name}
          error={nameError}
          announceError={false}
          onChange={(e) => set('name')(e.target.value)}
        />
        <SelectField label="Engine" value={form.engine} onChange={(e) => set('engine')(e.target.value)}>
          <option value="postgres">PostgreSQL</option>
          <option value="mysql">MySQL</option>
          <option value="mariadb">MariaDB</option>
        </SelectField>
        {field('host', 'Host')}
        {field('port', 'Port', 'number')}
        {field('database', 'Database')}
        {field('user', 'User')}
        {field('password', 'Password', 'password')}
        {check.data?.success && (
          <p role="status" className="upload-done">
            The connection works.
          </p>
        )}
        {check.data && !check.data.success && (
          <p role="alert" className="error-box">
            {check.data.error_message}
          </p>
        )}
        {(check.isError || create.isError) && (
          <p role="alert" className="error-box">
            {(check.error ?? create.error)?.message}
          </p>
        )}
        {create.isSuccess && (
          <p role="status" className="upload-done">
            {form.name} is connected: its tables are in the browser.
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {create.isSuccess ? 'Close' : 'Cancel'}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!ready || check.isPending}
            onClick={() => check.mutate(input())}
          >
            Test connection
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!ready || create.isPending || create.isSuccess}
          >
            Connect
          </button>
        </div>
      </form>
    </dialog>
  );
}
