import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { tableColumnsQuery } from '../../api/sql/queries';

/**
 * A table of a data source in the tree, with its columns one level down, read from the source only when the
 * row is opened (an empty SELECT, shared with the worksheet's completion through the query cache). `children`
 * is the table's own link (a click on the name still opens the preview).
 */
export function TableWithColumns({
  db,
  schema,
  table,
  level,
  children,
}: {
  db: string;
  schema?: string;
  table: string;
  level: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const columns = useQuery({ ...tableColumnsQuery(db, table, schema), enabled: open });
  const name = [db, schema, table].filter(Boolean).join('.');
  return (
    <li role="none">
      <div className="explorer-table-row">
        <button
          type="button"
          className="explorer-caret-button"
          aria-label={`${open ? 'Hide' : 'Show'} the columns of ${name}`}
          aria-expanded={open}
          aria-controls={open ? groupId : undefined}
          tabIndex={-1}
          onClick={() => setOpen(!open)}
        >
          <span className="explorer-caret" aria-hidden>
            {open ? '▾' : '▸'}
          </span>
        </button>
        {children}
      </div>
      {open && (
        <ul role="group" id={groupId} className="explorer-children" aria-label={`Columns of ${name}`}>
          {columns.isPending && (
            <li role="none" className="muted explorer-note">
              Reading the columns…
            </li>
          )}
          {columns.isError && (
            <li role="none" className="field-error explorer-note">
              {columns.error.message}
            </li>
          )}
          {columns.data?.map((column) => (
            <li key={column} role="treeitem" aria-level={level + 1} className="explorer-column">
              {column}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
