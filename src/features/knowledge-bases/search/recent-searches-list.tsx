import { recentKey, useRecentSearches, type RecentSearch } from './recent-searches';

/** The options of a recent search in a few words: "hybrid 0.7 · relevance ≥ 0.3 · author = ann". */
function describe(search: RecentSearch): string {
  const { options } = search;
  const parts: string[] = [];
  if (options.mode === 'hybrid') parts.push(`hybrid ${options.alpha}`);
  else if (options.mode !== 'default') parts.push(options.mode);
  if (options.minRelevance !== null) parts.push(`relevance ≥ ${options.minRelevance}`);
  for (const f of options.filters)
    if (f.column && f.value !== '') parts.push(`${f.column} ${f.op} ${f.value}`);
  parts.push(`${search.limit} results`);
  return parts.join(' · ');
}

const EMPTY: RecentSearch[] = [];

/** The last searches of this KB (kept in the browser); choosing one fills the form and runs it again. */
export function RecentSearches(props: {
  project: string;
  kb: string;
  onRun: (search: RecentSearch) => void;
}) {
  const key = recentKey(props.project, props.kb);
  const recent = useRecentSearches((s) => s.byKb[key] ?? EMPTY);
  const forget = useRecentSearches((s) => s.forget);
  if (recent.length === 0) return null;
  return (
    <details className="kb-recent">
      <summary>Recent searches ({recent.length})</summary>
      <ul aria-label="Recent searches">
        {recent.map((r, i) => (
          <li key={i}>
            <button type="button" className="btn btn-ghost kb-recent-run" onClick={() => props.onRun(r)}>
              <span className="kb-recent-query">{r.query}</span>
              <span className="muted"> {describe(r)}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost" onClick={() => forget(key)}>
        Forget these searches
      </button>
    </details>
  );
}
