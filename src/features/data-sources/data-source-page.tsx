import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { integrationSchema, type Integration } from '../../../protocol/api/databases';
import { ApiError } from '../../api/client';
import { useDatabase } from '../../api/databases/queries';
import { formatMoment } from '../../components/format';
import { worksheetPath } from '../../lib/paths';
import { DropSourceDialog } from './drop-source-dialog';
import { SourceConnectionForm } from './source-connection-form';
import { SourceTables } from './source-tables';
import '../../components/resource-page.css';
import './data-sources.css';

const ENGINE_NAMES: Record<string, string> = { postgres: 'PostgreSQL', mysql: 'MySQL', mariadb: 'MariaDB' };

/** One connected data source: its engine, parameters (editable, tested), tables, and Drop. */
export function DataSourcePage({ project, name }: { project: string; name: string }) {
  const database = useDatabase(name);
  const navigate = useNavigate();
  const [dropping, setDropping] = useState(false);
  const parsed = database.data ? integrationSchema.safeParse(database.data) : undefined;
  const source: Integration | undefined = parsed?.success ? parsed.data : undefined;

  return (
    <div className="page rp ds-page">
      <nav aria-label="Breadcrumb" className="rp-crumbs">
        <ol>
          <li>Data sources</li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <header className="rp-head">
        <h1>{name}</h1>
        {source && (
          <div className="rp-head-meta">
            <span className="rp-badge is-accent" title="Engine">
              {ENGINE_NAMES[source.engine] ?? source.engine}
            </span>
            {source.date_last_update && (
              <span className="rp-badge">updated {formatMoment(source.date_last_update)}</span>
            )}
          </div>
        )}
        <div className="rp-head-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={!source}
            onClick={() => setDropping(true)}
          >
            Drop…
          </button>
        </div>
      </header>
      {database.isPending && <p className="muted">Loading {name}…</p>}
      {database.isError && (
        <div role="alert" className="error-box">
          {database.error instanceof ApiError && database.error.status === 404
            ? `There is no data source ${name}.`
            : `Could not open ${name}: ${database.error.message}`}{' '}
          <Link to={worksheetPath(project)}>Back to the worksheet</Link>
        </div>
      )}
      {database.data && !source && (
        <p role="note" className="error-box">
          {name} is not a connected data source (it is a {String(database.data.type)} database): it has no
          connection to show.
        </p>
      )}
      {source && (
        <>
          <SourceConnectionForm key={source.name} source={source} />
          <SourceTables project={project} source={source.name} />
        </>
      )}
      {dropping && source && (
        <DropSourceDialog
          source={source.name}
          onClose={() => setDropping(false)}
          onDropped={() => navigate(worksheetPath(project), { replace: true })}
        />
      )}
    </div>
  );
}
