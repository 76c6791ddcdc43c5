import { useNameConflicts } from '../../api/knowledge-bases/status';

const KIND_LABEL: Record<string, string> = {
  project: 'Projects',
  data_source: 'Data sources',
  job: 'Jobs',
  knowledge_base: 'Knowledge bases',
  agent: 'Agents',
  view: 'Views',
  object: 'Objects',
};

/**
 * Names that differ only by case, which an older version let a data folder hold. Both objects still work by
 * their exact spelling; any other spelling reaches the first, so the user is asked to rename the others.
 */
export function NameConflictsNotice() {
  const conflicts = useNameConflicts();
  if (!conflicts.data?.length) return null;
  return (
    <div role="status" className="name-conflicts">
      <strong>Names that differ only by case</strong>
      <p>Names are case-insensitive. Rename all but the first of each group:</p>
      <ul>
        {conflicts.data.map((c) => (
          <li key={`${c.kind}:${c.project ?? ''}:${c.names.join('|')}`}>
            {KIND_LABEL[c.kind] ?? c.kind}
            {c.project ? ` in ${c.project}` : ''}: {c.names.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
