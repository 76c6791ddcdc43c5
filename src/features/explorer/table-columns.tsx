import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { tableColumnsQuery } from '../../api/sql/queries';

/**
 * What the table's own row (its link) carries to be a node of the tree for the keyboard: open or closed, the
 * group it owns, and the caret that opens it (see useTreeKeyboard: Right and Left press the caret, since
 * pressing the link would open the preview).
 */
export interface TableRowProps {
  'aria-expanded': boolean;
  'aria-owns'?: string;
  'data-tree-toggle': string;
}

/**
 * A table of a data source in the tree, with its columns one level down, read from the source only when the
 * row is opened (an empty SELECT, shared with the worksheet's completion through the query cache). `children`
 * renders the table's own link with the row's tree props (a click on the name still opens the preview).
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
  children: (row: TableRowProps) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const caretId = useId();
  const columns = useQuery({ ...tableColumnsQuery(db, table, schema), enabled: open });
  const name = [db, schema, table].filter(Boolean).join('.');
  return (
    <li role="none">
      <div className="explorer-table-row">
        {/* For the pointer only: a tree holds nothing but tree items, and from the keyboard Right and Left on
            the table's row open and close it (useTreeKeyboard presses this caret for them). */}
        <span
          id={caretId}
          className="explorer-caret-button"
          title={`${open ? 'Hide' : 'Show'} the columns of ${name}`}
          aria-hidden="true"
          onClick={() => setOpen(!open)}
        >
          <span className="explorer-caret">{open ? '▾' : '▸'}</span>
        </span>
        {children({
          'aria-expanded': open,
          'aria-owns': open ? groupId : undefined,
          'data-tree-toggle': caretId,
        })}
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
