import { useState } from 'react';
import { Link } from 'react-router';
import { useProjects } from '../../api/tree/queries';
import { TableHead } from '../../components/table-head';
import { DEFAULT_PROJECT, worksheetPath } from '../../lib/paths';
import { CreateProjectForm } from './create-project-form';
import { contentsSummary } from './project-contents';
import { useProjectContents } from './use-project-contents';
import { DeleteProjectDialog, RenameProjectDialog } from './project-dialogs';
import '../../components/resource-page.css';
import './projects.css';

/** The server's projects: what each holds; create one, rename one, delete one (after saying what it holds). */
export function ProjectsPage() {
  const projects = useProjects();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <div className="page rp">
      <header className="rp-head">
        <h1>Projects</h1>
      </header>
      <p className="muted">
        A project holds knowledge bases, agents, views and jobs. Data sources and uploaded files belong to no
        project: every project reads them.
      </p>
      <CreateProjectForm />
      <section className="rp-section" aria-labelledby="projects-list">
        <h2 id="projects-list">All projects</h2>
        {projects.isPending && <p className="muted">Loading the projects…</p>}
        {projects.isError && (
          <p role="alert" className="error-box">
            Could not list the projects: {projects.error.message}
          </p>
        )}
        {projects.data && (
          <table className="rp-table">
            <caption className="sr-only">Projects</caption>
            <TableHead columns={['Name', 'Holds', { hidden: 'Actions' }]} />
            <tbody>
              {projects.data.map((p) => (
                <ProjectRow
                  key={p.name}
                  name={p.name}
                  onRename={() => setRenaming(p.name)}
                  onDelete={() => setDeleting(p.name)}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
      {renaming && <RenameProjectDialog name={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteProjectDialog name={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function ProjectRow({
  name,
  onRename,
  onDelete,
}: {
  name: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { pending, error, contents } = useProjectContents(name);
  const summary = contentsSummary(contents);
  const isDefault = name === DEFAULT_PROJECT;
  return (
    <tr>
      <td>
        <Link to={worksheetPath(name)}>{name}</Link>
        {isDefault && <span className="muted"> (default)</span>}
      </td>
      <td>
        {pending ? (
          <span className="muted">…</span>
        ) : error ? (
          <span className="muted">could not read: {error.message}</span>
        ) : summary.length ? (
          summary.map((s) => s.text).join(', ')
        ) : (
          <span className="muted">nothing yet</span>
        )}
      </td>
      <td>
        <div className="projects-actions">
          {isDefault ? (
            <span className="muted">The default project keeps its name and cannot be deleted.</span>
          ) : (
            <>
              <button type="button" className="btn" onClick={onRename} aria-label={`Rename ${name}`}>
                Rename…
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={onDelete}
                aria-label={`Delete ${name}`}
              >
                Delete…
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
