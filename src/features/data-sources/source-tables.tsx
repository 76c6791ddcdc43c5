import { Link } from 'react-router';
import type { DatabaseTable } from '../../../protocol/api/databases';
import { useDatabaseTables } from '../../api/databases/queries';
import { tablePreviewPath } from '../../lib/paths';

/** The tables grouped by schema, in the order the server lists them; tables without one under "". */
export function bySchema(tables: readonly DatabaseTable[]): [string, DatabaseTable[]][] {
  const groups = new Map<string, DatabaseTable[]>();
  for (const t of tables) {
    const schema = t.schema ?? '';
    groups.set(schema, [...(groups.get(schema) ?? []), t]);
  }
  return [...groups.entries()];
}

/** A source's schemas and tables, each table opening its first rows in the worksheet. */
export function SourceTables({ project, source }: { project: string; source: string }) {
  const tables = useDatabaseTables(source);
  return (
    <section className="rp-section" aria-labelledby="ds-tables">
      <h2 id="ds-tables">Schemas and tables</h2>
      {tables.isPending && <p className="muted">Reading the tables from {source}…</p>}
      {tables.isError && (
        <p role="alert" className="error-box">
          Could not read its tables: {tables.error.message}
        </p>
      )}
      {tables.data?.length === 0 && <p className="muted">{source} has no tables this server can read.</p>}
      {tables.data &&
        bySchema(tables.data).map(([schema, list]) => (
          <div key={schema} className="ds-schema">
            <h3>
              {schema ? (
                <>
                  Schema <span className="rp-mono">{schema}</span>
                </>
              ) : (
                'Tables'
              )}{' '}
              <span className="muted">
                ({list.length} {list.length === 1 ? 'table' : 'tables'})
              </span>
            </h3>
            <ul className="ds-table-list">
              {list.map((t) => {
                const parts = schema ? [source, schema, t.name] : [source, t.name];
                return (
                  <li key={t.name}>
                    <Link
                      to={tablePreviewPath(project, parts)}
                      title={`Show the first rows of ${parts.join('.')}`}
                    >
                      {t.name}
                    </Link>
                    {t.type !== 'data' && <span className="muted"> {t.type}</span>}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
    </section>
  );
}
