import { Link } from 'react-router';
import type { KnowledgeBase } from '../../../protocol/api/knowledge-bases';
import { useKnowledgeBases } from '../../api/knowledge-bases/queries';
import { formatMoment } from '../../components/format';
import { describeModel } from '../../components/model-fields/model-draft';
import { ResourceListPage, type ListWords } from '../../components/resource-list-page';
import { TableHead } from '../../components/table-head';
import { hasReranker, settingOf } from './kb-draft';
import '../../components/resource-page.css';
import { kbPath, newKbPath } from '../../lib/paths';
import './knowledge-bases.css';

const WORDS: ListWords = {
  title: 'Knowledge bases',
  many: 'knowledge bases',
  newLabel: 'New knowledge base',
  createLabel: 'Create a knowledge base',
  intro:
    'A knowledge base splits your documents into chunks, embeds them, and lets agents and SQL search them by meaning.',
};

/** The knowledge bases of a project, with the settings that matter at a glance. */
export function KnowledgeBaseListPage({ project }: { project: string }) {
  const kbs = useKnowledgeBases(project);
  return (
    <ResourceListPage project={project} words={WORDS} newHref={newKbPath(project)} query={kbs}>
      {(items) => <KbTable project={project} kbs={items} />}
    </ResourceListPage>
  );
}

function KbTable({ project, kbs }: { project: string; kbs: KnowledgeBase[] }) {
  return (
    <table className="rp-table">
      <caption className="sr-only">Knowledge bases of {project}</caption>
      <TableHead columns={['Name', 'Embedding model', 'Reranking', 'Content columns', 'Updated']} />
      <tbody>
        {kbs.map((kb) => (
          <tr key={kb.name}>
            <td>
              <Link to={kbPath(project, kb.name)}>{kb.name}</Link>
            </td>
            <td>{describeModel(settingOf(kb, 'embedding_model'))}</td>
            <td>
              {hasReranker(settingOf(kb, 'reranking_model')) ? (
                describeModel(settingOf(kb, 'reranking_model'))
              ) : (
                <span className="muted">none</span>
              )}
            </td>
            <td className="rp-mono">
              {kb.content_columns?.length ? kb.content_columns.join(', ') : 'content'}
            </td>
            <td className="muted">{formatMoment(kb.updated_at ?? kb.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
