import { PREVIEW_ROWS, useViewRows } from '../../api/views/queries';

const cellText = (value: unknown) =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The view's first rows, read as any client reads it; its error when the server cannot read it. */
export function ViewRows({ project, name }: { project: string; name: string }) {
  const rows = useViewRows(project, name);
  if (rows.isPending) return <p className="muted">Reading its first rows…</p>;
  if (rows.isError)
    return (
      <p role="alert" className="error-box">
        Could not read it: {rows.error.message}
      </p>
    );
  const result = rows.data;
  if (result.type === 'error')
    return (
      <p role="alert" className="error-box">
        Reading it fails: {result.error_message}
      </p>
    );
  if (result.type !== 'table') return <p className="muted">It returned no rows.</p>;
  return (
    <>
      <p className="muted">
        {result.data.length === 0
          ? 'It returns no rows.'
          : result.data.length < PREVIEW_ROWS
            ? `All ${result.data.length} of its rows.`
            : `Its first ${PREVIEW_ROWS} rows.`}
      </p>
      {result.data.length > 0 && (
        <div className="view-rows" tabIndex={0} role="region" aria-label={`Rows read from ${name}`}>
          <table className="rp-table">
            <caption className="sr-only">First rows of {name}</caption>
            <thead>
              <tr>
                {result.column_names.map((c, i) => (
                  <th key={`${c}-${i}`} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.data.map((row, r) => (
                <tr key={r}>
                  {row.map((value, c) => {
                    const text = cellText(value);
                    return <td key={c}>{text === null ? <span className="muted">NULL</span> : text}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
