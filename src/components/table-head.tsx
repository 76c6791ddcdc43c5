/** A column heading: its text, or `{ hidden }` for a column that needs no visible heading (buttons, links). */
export type ColumnHeading = string | { hidden: string };

/**
 * The header row of a data table: one column heading each. A hidden heading is still read by screen
 * readers, so every column has a name.
 */
export function TableHead({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th scope="col" key={c}>
              {c}
            </th>
          ) : (
            <th scope="col" key={c.hidden}>
              <span className="sr-only">{c.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
