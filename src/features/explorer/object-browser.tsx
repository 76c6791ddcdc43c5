import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TreeDatabase, TreeObject } from '../../../protocol/api/tree';
import { useDatabaseObjects, useDatabases } from '../../api/tree/queries';
import { ConnectSourceDialog } from './connect-source-dialog';
import { NameConflictsNotice } from './name-conflicts-notice';
import { UploadDialog } from './upload-dialog';
import { objectLink } from './object-links';
import { dataSourcePath } from '../../lib/paths';
import { TableWithColumns, type TableRowProps } from './table-columns';
import { useTreeKeyboard } from './use-tree-keyboard';
import './explorer.css';

/** The sidebar: projects and data sources, each expandable into its tables, knowledge bases and agents. */
export function ObjectBrowser({ project }: { project: string }) {
  const databases = useDatabases();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  const tree = useTreeKeyboard<HTMLUListElement>();

  return (
    <nav className="explorer" aria-label="Object browser">
      <div className="explorer-head">
        <h2>Databases</h2>
        <button className="btn" type="button" onClick={() => setUploadOpen(true)}>
          Upload file
        </button>
        <button className="btn" type="button" onClick={() => setConnectOpen(true)}>
          Connect a data source
        </button>
      </div>
      <NameConflictsNotice />
      {databases.isPending && <p className="muted explorer-note">Loading…</p>}
      {databases.isError && (
        <p role="alert" className="error-box explorer-note">
          {databases.error.message}
        </p>
      )}
      {/* One Tab stop; arrow keys move inside (the ARIA tree pattern, see useTreeKeyboard). */}
      <ul
        ref={tree.ref}
        className="explorer-list"
        role="tree"
        aria-label="Databases"
        onKeyDown={tree.onKeyDown}
        onFocus={tree.onFocus}
      >
        {databases.data?.map((db) => (
          <DatabaseNode
            key={db.name}
            db={db}
            defaultOpen={db.name === project || db.name === 'files'}
            currentProject={project}
          />
        ))}
      </ul>
      {uploadOpen && <UploadDialog onClose={() => setUploadOpen(false)} />}
      {connectOpen && <ConnectSourceDialog onClose={() => setConnectOpen(false)} />}
    </nav>
  );
}

function DatabaseNode({
  db,
  defaultOpen,
  currentProject,
}: {
  db: TreeDatabase;
  defaultOpen: boolean;
  currentProject: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const objects = useDatabaseObjects(db.name, open);
  const isProject = db.type === 'project' || db.class === 'project';
  const label = (
    <>
      <span className={`explorer-icon ${isProject ? 'is-project' : 'is-data'}`} aria-hidden>
        {isProject ? 'P' : 'D'}
      </span>
      {db.name}
      <span className="muted explorer-kind">{isProject ? 'project' : (db.engine ?? 'data')}</span>
    </>
  );
  // A connected source (not the built-in `files`): MindsDB and ours both mark it deletable.
  const isConnectedSource = db.type === 'data' && db.deletable === true;
  return (
    <TreeBranch level={1} open={open} onToggle={() => setOpen(!open)} label={label}>
      {isConnectedSource && (
        <li role="none">
          <Link
            role="treeitem"
            aria-level={2}
            className="explorer-object explorer-source-page"
            to={dataSourcePath(currentProject, db.name)}
            title={`The connection of ${db.name}: its parameters, a test, its tables, and Drop`}
          >
            <span className="explorer-icon is-data" aria-hidden>
              ⚙
            </span>
            <span className="explorer-name">Source page</span>
          </Link>
        </li>
      )}
      {objects.isPending && (
        <li role="none" className="muted explorer-note">
          Loading…
        </li>
      )}
      {objects.isError && (
        <li role="none" className="field-error explorer-note">
          {objects.error.message}
        </li>
      )}
      {objects.data?.length === 0 && (
        <li role="none" className="muted explorer-note">
          {isProject ? 'No knowledge bases or agents yet' : 'No tables yet'}
        </li>
      )}
      {objects.data?.map((o) => (
        <ObjectNode
          key={`${o.type}:${o.name}`}
          db={db.name}
          object={o}
          currentProject={currentProject}
          level={2}
          withColumns={db.type === 'data'}
          inProject={isProject}
        />
      ))}
    </TreeBranch>
  );
}

function ObjectNode({
  db,
  object,
  currentProject,
  level,
  withColumns = false,
  inProject = false,
}: {
  db: string;
  object: TreeObject;
  currentProject: string;
  level: number;
  /** Tables of a data database (`files`, a connected source) open onto their columns. */
  withColumns?: boolean;
  /** The object is a project's: its views and jobs open on their pages. */
  inProject?: boolean;
}) {
  if (object.class === 'schema')
    return <SchemaNode db={db} schema={object} currentProject={currentProject} level={level} />;
  const kind =
    object.type === 'knowledge_base'
      ? 'KB'
      : object.type === 'agent'
        ? 'AG'
        : inProject && object.type === 'view'
          ? 'V'
          : inProject && object.type === 'job'
            ? 'J'
            : 'T';
  const link = (row?: TableRowProps) => (
    <Link
      {...row}
      role="treeitem"
      aria-level={level}
      className="explorer-object"
      to={objectLink(db, object, currentProject, { inProject })}
      title={`${db}.${object.name}`}
    >
      <span className={`explorer-icon is-${object.type ?? 'table'}`} aria-hidden>
        {kind}
      </span>
      <span className="explorer-name">{object.name}</span>
    </Link>
  );
  // A connected database's table opens onto its columns; other objects are links only.
  if (withColumns && kind === 'T') {
    return (
      <TableWithColumns db={db} schema={object.schema ?? undefined} table={object.name} level={level}>
        {link}
      </TableWithColumns>
    );
  }
  return <li role="none">{link()}</li>;
}

/** A schema of a data source (MindsDB answers these for databases with several schemas). */
function SchemaNode({
  db,
  schema,
  currentProject,
  level,
}: {
  db: string;
  schema: TreeObject;
  currentProject: string;
  level: number;
}) {
  const [open, setOpen] = useState(false);
  const label = (
    <>
      {schema.name}
      <span className="muted explorer-kind">schema</span>
    </>
  );
  return (
    <TreeBranch level={level} open={open} onToggle={() => setOpen(!open)} label={label}>
      {(schema.children ?? []).map((o) => (
        <ObjectNode
          key={o.name}
          db={db}
          object={{ ...o, schema: o.schema ?? schema.name }}
          currentProject={currentProject}
          level={level + 1}
          withColumns
        />
      ))}
    </TreeBranch>
  );
}

/**
 * A tree item that opens onto a group: its toggle (a caret and `label`) owns the group, which is in the page
 * only while open. The parent holds `open`, so that it can load the children only once they are shown.
 */
function TreeBranch({
  level,
  open,
  onToggle,
  label,
  children,
}: {
  level: number;
  open: boolean;
  onToggle: () => void;
  label: ReactNode;
  children: ReactNode;
}) {
  const groupId = useId();
  return (
    <li role="none">
      <button
        type="button"
        role="treeitem"
        aria-level={level}
        aria-expanded={open}
        aria-owns={open ? groupId : undefined}
        className="explorer-db"
        onClick={onToggle}
      >
        <span className="explorer-caret" aria-hidden>
          {open ? '▾' : '▸'}
        </span>
        {label}
      </button>
      {open && (
        <ul role="group" id={groupId} className="explorer-children">
          {children}
        </ul>
      )}
    </li>
  );
}
