import { useId, useState, type FormEvent } from 'react';
import { SqlStatementError, useSearchKnowledgeBase } from '../../../api/knowledge-bases/mutations';
import { DEFAULT_SEARCH_LIMIT, searchSql } from '../../../api/knowledge-bases/sql';
import { CopyButton } from '../../../components/copy-button';
import { SelectField, TextField } from '../../../components/field';
import { ProblemAlert } from '../../../components/problem-alert';
import { plural } from '../../../components/format';
import { PlainOptions } from '../../../components/plain-options';
import { useKnowledgeBase } from '../../../api/knowledge-bases/queries';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../../api/knowledge-bases/search-options';
import { SearchHitCard } from './search-hit';
import { SearchOptionsFields } from './search-options-fields';
import { RecentSearches } from './recent-searches-list';
import { recentKey, useRecentSearches, type RecentSearch } from './recent-searches';
import './search-options.css';

const LIMITS = [5, 10, 20, 50];

/**
 * "Try a search": runs a search on the KB (mode, alpha, relevance threshold and metadata filters as chosen),
 * shows the ranked chunks and the statement that ran, and keeps the last searches to run again.
 */
export function SearchPanel({ project, kb }: { project: string; kb: string }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(DEFAULT_SEARCH_LIMIT);
  const [options, setOptions] = useState<SearchOptions>(DEFAULT_SEARCH_OPTIONS);
  const search = useSearchKnowledgeBase(project, kb);
  const info = useKnowledgeBase(project, kb);
  const declared = info.data?.metadata_columns ?? info.data?.params?.metadata_columns;
  const metadataColumns = Array.isArray(declared) ? declared.filter((c) => typeof c === 'string') : [];
  const remember = useRecentSearches((st) => st.remember);
  const outcome = search.data;
  // The statement is shown even when it failed, so the user can see what was asked.
  const sql =
    outcome?.sql ??
    (search.error instanceof SqlStatementError
      ? search.error.sql
      : search.variables
        ? searchSql(project, kb, search.variables.query, search.variables.limit, search.variables.options)
        : '');

  const run = (next: RecentSearch) => {
    remember(recentKey(project, kb), next);
    search.mutate(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (query.trim()) run({ query: query.trim(), limit, options });
  };
  /** A recent search: its fields come back into the form, and it runs again. */
  const rerun = (recent: RecentSearch) => {
    setQuery(recent.query);
    setLimit(recent.limit);
    setOptions(recent.options);
    run(recent);
  };

  return (
    <section className="kb-search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Try a search
      </h2>
      <form role="search" aria-label={`Search ${kb}`} className="kb-search-form" onSubmit={submit} noValidate>
        <TextField
          label="Query"
          boxClassName="kb-search-query"
          type="search"
          value={query}
          placeholder="Ask in plain words, e.g. how do refunds work"
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField label="Results" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
          <PlainOptions values={LIMITS} />
        </SelectField>
        <button type="submit" className="btn btn-primary" disabled={!query.trim() || search.isPending}>
          {search.isPending ? 'Searching…' : 'Search'}
        </button>
        <SearchOptionsFields value={options} onChange={setOptions} metadataColumns={metadataColumns} />
      </form>
      <RecentSearches project={project} kb={kb} onRun={rerun} />
      {sql && (
        <div className="kb-sql">
          <div className="kb-sql-head">
            <span className="field-label" id={`${id}-sql`}>
              SQL that ran
            </span>
            <CopyButton text={sql} label="Copy SQL" className="btn btn-ghost" />
          </div>
          <pre className="rp-json" aria-labelledby={`${id}-sql`}>
            {sql}
          </pre>
        </div>
      )}
      {search.isError && <ProblemAlert error={search.error} />}
      {outcome && (
        <>
          <p role="status" className="muted">
            {outcome.hits.length === 0
              ? 'No chunks matched. Is there data in this knowledge base?'
              : `${plural(outcome.hits.length, 'result')} in ${outcome.elapsedMs} ms, most relevant first.`}
          </p>
          <ol className="kb-hits" aria-label="Search results">
            {outcome.hits.map((hit, i) => (
              <li key={`${hit.chunkId}-${i}`}>
                <SearchHitCard hit={hit} rank={i + 1} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
