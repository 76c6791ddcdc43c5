import { useSearchParams } from 'react-router';
import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { useKnowledgeBase } from '../../api/knowledge-bases/queries';
import {
  SavedResourceTop,
  useDeleteThenLeave,
  type ResourceWords,
} from '../../components/saved-resource-top';
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

const WORDS: ResourceWords<KnowledgeBase> = {
  kind: 'knowledge base',
  listLabel: 'Knowledge bases',
  modelRole: 'Embedding model',
  modelOf: (kb) => settingOf(kb, 'embedding_model'),
};

/** One KB: its settings, loading data into it, and trying a search; the tab lives in the address. */
export function KnowledgeBasePage({ project, name }: { project: string; name: string }) {
  const kb = useKnowledgeBase(project, name);
  const [params, setParams] = useSearchParams();
  const deletion = useDeleteThenLeave(kbPath(project));
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
      <SavedResourceTop words={WORDS} project={project} name={name} query={kb} deletion={deletion} />
      {kb.data && !deletion.deleted && <KbStatusBlock project={project} name={name} />}
      {kb.data && !deletion.deleted && (
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
      {deletion.asking && (
        <DeleteKbDialog project={project} kb={name} onClose={deletion.cancel} onDeleted={deletion.done} />
      )}
    </div>
  );
}
