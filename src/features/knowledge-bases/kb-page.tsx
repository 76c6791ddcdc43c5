import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useKnowledgeBase } from '../../api/knowledge-bases/queries';
import { ResourceHeader, ResourceLoadState } from '../../components/resource-header';
import { TabList } from '../../components/tab-list';
import { DeleteKbDialog } from './delete-kb-dialog';
import { kbPath } from '../../lib/paths';
import { settingOf } from './kb-draft';
import { KbSettingsForm } from './kb-settings-form';
import { KbStatusBlock } from './kb-status-block';
import { EvaluatePanel } from './evaluate/evaluate-panel';
import { LoadPanel } from './load/load-panel';
import { SearchPanel } from './search/search-panel';
import { ContentsPanel } from './contents/contents-panel';
import '../../components/resource-page.css';
import './knowledge-bases.css';

const TABS = ['settings', 'load', 'contents', 'search', 'evaluate'] as const;
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
    if (deleted) navigate(kbPath(project), { replace: true });
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
      <ResourceHeader
        listLabel="Knowledge bases"
        listHref={kbPath(project)}
        name={name}
        model={kb.data ? settingOf(kb.data, 'embedding_model') : undefined}
        modelRole="Embedding model"
        updatedAt={kb.data?.updated_at}
        onDelete={kb.data ? () => setDeleting(true) : null}
      />
      {!deleted && (
        <ResourceLoadState
          query={kb}
          kind="knowledge base"
          name={name}
          project={project}
          listHref={kbPath(project)}
        />
      )}
      {kb.data && !deleted && <KbStatusBlock project={project} name={name} />}
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
            { id: 'contents', label: 'Contents', panel: <ContentsPanel project={project} kb={name} /> },
            { id: 'search', label: 'Try a search', panel: <SearchPanel project={project} kb={name} /> },
            { id: 'evaluate', label: 'Evaluate', panel: <EvaluatePanel project={project} kb={name} /> },
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
