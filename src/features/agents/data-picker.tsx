import { useId, useState } from 'react';
import type { TreeObject } from '../../../protocol/api/tree';
import { useDatabaseObjects, useDatabases } from '../../api/tree/queries';
import { FieldError, SelectField } from '../../components/field';
import { PlainOptions } from '../../components/plain-options';
import { useAgentSchemas } from './agent-schemas';
import { entryOf, expandEntry, parseEntry, summarise } from './data-entries';

export type PickerKind = 'knowledge_base' | 'table';

const WORDS: Record<PickerKind, { db: string; object: string; objects: string; all: string }> = {
  knowledge_base: {
    db: 'Project',
    object: 'Knowledge base',
    objects: 'knowledge bases',
    all: 'All knowledge bases',
  },
  table: { db: 'Data source', object: 'Table', objects: 'tables', all: 'All tables' },
};

/**
 * Which objects of a database the picker offers: KBs of projects, tables (and views) of data sources. On a
 * PostgreSQL source only the tables of `schemas` (those an agent's `db.table` finds) are offered.
 */
function namesOf(kind: PickerKind, objects: TreeObject[] | undefined, schemas?: Set<string>): string[] {
  const wanted = kind === 'knowledge_base' ? ['knowledge_base'] : ['table', 'view'];
  // A connected database with several schemas answers schema nodes: their tables are offered by name.
  const flat = (objects ?? []).flatMap((o) =>
    o.class === 'schema' ? (o.children ?? []).map((c) => ({ ...c, schema: c.schema ?? o.name })) : [o],
  );
  const reachable = flat.filter((o) => !schemas || !o.schema || schemas.has(o.schema));
  return [...new Set(reachable.filter((o) => wanted.includes(o.type ?? '')).map((o) => o.name))];
}

export interface DataPickerProps {
  kind: PickerKind;
  legend: string;
  hint: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** The database offered first: the agent's project for KBs, `files` for tables. */
  defaultDb: string;
  error?: string;
}

/**
 * The KBs or tables an agent may use. Entries are `db.name` or the wildcard `db.*`; each shows what it
 * selects right now, so a wildcard's reach is visible before saving.
 */
export function DataPicker({ kind, legend, hint, value, onChange, defaultDb, error }: DataPickerProps) {
  const id = useId();
  const words = WORDS[kind];
  const databases = useDatabases();
  const dbs = (databases.data ?? [])
    .filter((d) => (kind === 'knowledge_base' ? d.type === 'project' : d.type === 'data'))
    .map((d) => d.name);
  const [chosenDb, setDb] = useState('');
  const db = chosenDb || (dbs.includes(defaultDb) ? defaultDb : (dbs[0] ?? ''));
  const [name, setName] = useState('*');
  const objects = useDatabaseObjects(db, !!db);
  const schemas = useAgentSchemas(db);
  const names = namesOf(kind, objects.data, schemas);
  const candidate = db ? entryOf(db, name) : '';
  const already = value.includes(candidate);

  return (
    <fieldset className="rp-section ag-picker" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="field-hint ag-picker-hint">
        {hint}
      </p>
      {value.length === 0 ? (
        <p className="muted ag-picker-empty">None chosen.</p>
      ) : (
        <ul className="ag-entries" aria-label={`Chosen ${words.objects}`}>
          {value.map((entry) => (
            <EntryRow
              key={entry}
              entry={entry}
              kind={kind}
              onRemove={() => onChange(value.filter((v) => v !== entry))}
            />
          ))}
        </ul>
      )}
      <FieldError message={error} />
      <div className="ag-add">
        <SelectField
          id={`${id}-db`}
          label={words.db}
          value={db}
          onChange={(e) => {
            setDb(e.target.value);
            setName('*');
          }}
        >
          <PlainOptions values={dbs} />
        </SelectField>
        <SelectField
          id={`${id}-name`}
          label={words.object}
          value={name}
          onChange={(e) => setName(e.target.value)}
        >
          <option value="*">{db}.* (all)</option>
          <PlainOptions values={names} />
        </SelectField>
        <button
          type="button"
          className="btn"
          disabled={!db || already}
          onClick={() => onChange([...value, candidate])}
        >
          {already ? 'Added' : `Add ${candidate}`}
        </button>
      </div>
      {db && name === '*' && (
        <p className="field-hint ag-preview" aria-live="polite">
          {objects.isPending
            ? `Checking what ${db}.* selects…`
            : names.length
              ? `${db}.* selects ${names.length} now: ${summarise(names)}. ${words.all.replace('All', 'Any')} added later are included too.`
              : `${db}.* selects nothing yet; ${words.objects} added to ${db} later are included.`}
        </p>
      )}
    </fieldset>
  );
}

/** One chosen entry, with what it selects now (or a warning when it selects nothing). */
function EntryRow({ entry, kind, onRemove }: { entry: string; kind: PickerKind; onRemove: () => void }) {
  const parsed = parseEntry(entry);
  const objects = useDatabaseObjects(parsed?.db ?? '', !!parsed);
  const schemas = useAgentSchemas(parsed?.db ?? '');
  const names = parsed && objects.data ? expandEntry(parsed, namesOf(kind, objects.data, schemas)) : [];
  let note: { text: string; warn: boolean };
  if (!parsed) note = { text: 'Not of the form database.name', warn: true };
  else if (objects.isPending) note = { text: 'Checking…', warn: false };
  else if (objects.isError)
    note = { text: `${parsed.db} cannot be read: ${objects.error.message}`, warn: true };
  else if (parsed.wildcard)
    note = names.length
      ? { text: `Expands now to ${names.length}: ${summarise(names)}`, warn: false }
      : { text: 'Expands to nothing yet', warn: true };
  else
    note = names.length ? { text: 'Found', warn: false } : { text: `Not found in ${parsed.db}`, warn: true };
  return (
    <li className="ag-entry">
      <code>{entry}</code>
      {parsed?.wildcard && <span className="rp-badge is-accent">wildcard</span>}
      <span className={`ag-entry-note${note.warn ? ' is-warn' : ''}`}>{note.text}</span>
      <button
        type="button"
        className="btn btn-ghost ag-entry-remove"
        aria-label={`Remove ${entry}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
