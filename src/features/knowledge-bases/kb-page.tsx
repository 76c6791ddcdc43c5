import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useKnowledgeBase } from '../../api/knowledge-bases/queries';
import { shortTimestamp } from '../../components/format';
import { describeModel } from '../../components/model-fields/model-draft';
import { TabList } from '../../components/tab-list';
import { DeleteKbDialog } from './delete-kb-dialog';
import { kbUrl } from './kb-list-page';
import { KbSettingsForm } from './kb-settings-form';
import { LoadPanel } from './load/load-panel';
import { SearchPanel } from './search/search-panel';
import '../../components/resource-page.css';
import './knowledge-bases.css';

const TABS = ['settings', 'load', 'search'] as const;
type TabId = (typeof TABS)[number];

/** One KB: its settings, loading data into it, and trying a search; the tab lives in the address. */
export function KnowledgeBasePage({ project, name }: { project: string; name: string }) {
  const kb = useKnowledgeBase(project, name);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  // Once deleted, the forms go first (so their unsaved-changes guard does not hold the page), then the page.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(kbUrl(project), { replace: true });
  }, [deleted, navigate, project]);
  const tab: TabId = TABS.find((t) => t === params.get('tab')) ?? 'settings';
  const selectTab = (next: string) =>
    setParams(
      (p) => {
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="page rp">
      <nav aria-label="Breadcrumb" className="rp-crumbs">
        <ol>
          <li>
            <Link to={kbUrl(project)}>Knowledge bases</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <header className="rp-head">
        <h1>{name}</h1>
        {kb.data && (
          <div className="rp-head-meta">
            <span className="rp-badge is-accent" title="Embedding model">
              {describeModel(kb.data.embedding_model)}
            </span>
            {kb.data.updated_at && (
              <span className="rp-badge">updated {shortTimestamp(kb.data.updated_at)}</span>
            )}
          </div>
        )}
        <div className="rp-head-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={!kb.data}
            onClick={() => setDeleting(true)}
          >
            Delete…
          </button>
        </div>
      </header>
      {kb.isPending && <p className="muted">Loading {name}…</p>}
      {kb.isError && !deleted && (
        <div role="alert" className="error-box">
          {kb.error instanceof ApiError && kb.error.status === 404
            ? `There is no knowledge base ${name} in ${project}.`
            : `Could not open ${name}: ${kb.error.message}`}{' '}
          <Link to={kbUrl(project)}>Back to the list</Link>
        </div>
      )}
      {kb.data && !deleted && (
        <TabList
          label={`Knowledge base ${name}`}
          selected={tab}
          onSelect={selectTab}
          tabs={[
            {
              id: 'settings',
              label: 'Settings',
              panel: <KbSettingsForm key={name} project={project} kb={kb.data} />,
            },
            {
              id: 'load',
              label: 'Load data',
              panel: <LoadPanel project={project} kb={kb.data} initialTable={params.get('table') ?? ''} />,
            },
            { id: 'search', label: 'Try a search', panel: <SearchPanel project={project} kb={name} /> },
          ]}
        />
      )}
      {deleting && (
        <DeleteKbDialog
          project={project}
          kb={name}
          onClose={() => setDeleting(false)}
          onDeleted={() => setDeleted(true)}
        />
      )}
    </div>
  );
}
