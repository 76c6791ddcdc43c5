import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KbStatus } from '../../../protocol/api/kb-status';
import { useKnowledgeBaseStatus } from '../../api/knowledge-bases/status';
import { knowledgeBaseKeys } from '../../api/knowledge-bases/keys';
import { runSql } from '../../api/sql/run-sql';
import { plural, formatMoment } from '../../components/format';
import { useState } from 'react';
import { loadKey, useLoadJobs } from './load/load-store';
import { cancelLoad } from './load/use-load-runner';
import './kb-status-block.css';

/** Backquoted always: a plain name left bare would be lowercased and might reach a twin of another case. */
const exactName = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** How our server words an insert stopped by Cancel. */
const CANCELLED = /was cancelled/;

function LastLoad({ last, project, name }: { last: KbStatus['last_insert']; project: string; name: string }) {
  // The Load tab shows its own Cancel beside its progress bar while it follows the load.
  const followed = useLoadJobs((s) => s.jobs[loadKey(project, name)]?.phase === 'loading');
  const [cancelling, setCancelling] = useState(false);
  if (!last) return <span>No data loaded yet.</span>;
  const rows = `${last.rows_done.toLocaleString('en')} of ${plural(last.rows_total, 'row')}`;
  if (last.state === 'running')
    return (
      <span>
        Loading since {formatMoment(last.started_at)}: {rows} so far.{' '}
        {!followed && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={cancelling}
            onClick={() => {
              setCancelling(true);
              void cancelLoad(project, name).finally(() => setCancelling(false));
            }}
          >
            {cancelling ? 'Cancelling…' : 'Cancel load'}
          </button>
        )}
      </span>
    );
  const when = `${formatMoment(last.started_at)} to ${formatMoment(last.finished_at) || '—'}`;
  if (last.state === 'failed' && CANCELLED.test(last.error ?? ''))
    return (
      <span>
        {when}, <strong className="kb-status-warn">cancelled</strong>: the {plural(last.rows_done, 'row')}{' '}
        stored before it stopped stay.
      </span>
    );
  return (
    <span>
      {when}, {rows}{' '}
      {last.state === 'failed' || (last.error && last.state === 'done') ? (
        <strong className={last.state === 'failed' ? 'kb-status-failed' : 'kb-status-warn'}>
          {last.state === 'failed' ? 'failed' : 'finished with skipped rows'}: {last.error}
        </strong>
      ) : (
        <strong className="kb-status-ok">finished</strong>
      )}
    </span>
  );
}

function IndexLine({ index }: { index: KbStatus['index'] }) {
  const build = index.build;
  if (build?.state === 'building')
    return (
      <span>
        Building over {plural(build.chunks, 'chunk')} since {formatMoment(build.started_at)}…
        {build.phase_label && build.phases_total ? (
          <>
            {' '}
            Now {build.phase_label} (phase {Math.min((build.phases_done ?? 0) + 1, build.phases_total)} of{' '}
            {build.phases_total}, {build.percent ?? 0}% of phases done).
          </>
        ) : null}
      </span>
    );
  if (build?.state === 'failed')
    return <strong className="kb-status-failed">Build failed: {build.error}</strong>;
  const upkeep = UPKEEP_NOTES[index.upkeep ?? 'idle'];
  if (!index.vector) return <span>None yet: searches compare every chunk (exact).{upkeep}</span>;
  return (
    <span>
      Covers {plural(index.indexed_rows, 'chunk')}
      {index.unindexed_rows > 0
        ? `, ${index.unindexed_rows.toLocaleString('en')} newer ones searched exactly`
        : ''}
      .{upkeep}
    </span>
  );
}

type SearchCopy = NonNullable<KbStatus['index']['search_copy']>;
type SearchPath = NonNullable<KbStatus['index']['search_path']>;

/** What answers when the copy does not: the ANN index, or the table itself (every chunk compared). */
const ANSWERED_BY: Record<SearchPath['path'], string> = {
  copy: 'the vector table',
  index: "the vector table's index",
  table: 'the vector table',
};

const millions = (n: number) => `${Math.round(n / 1e6).toLocaleString('en')} million`;

/**
 * What answers a semantic search and why: the server's memory (exact-search), the vector table's ANN index,
 * or the table. Older servers send only the copy's state (`search_copy`).
 */
function SearchLine({ copy, path }: { copy: SearchCopy; path?: SearchPath }) {
  const by = ANSWERED_BY[path?.path ?? 'table'];
  switch (path?.reason ?? copy.state) {
    case 'loaded':
    case 'scan_fits':
      return (
        <span>
          From memory: every one of {plural(copy.rows, 'chunk')} is compared ({megabytes(copy.bytes)}), so
          nothing an index might miss is missed.
        </span>
      );
    case 'grouped': {
      const share = path?.groups ? (path.probes ?? 0) / path.groups : 0;
      return (
        <span>
          From memory ({megabytes(copy.bytes)}): the {plural(copy.rows, 'chunk')} are kept in{' '}
          {path?.groups?.toLocaleString('en')} groups of similar ones, and a question is compared with the
          chunks of the {path?.probes?.toLocaleString('en')} groups nearest it (about{' '}
          {Math.round(share * 100)}% of them): comparing it with every one would take too long with vectors
          this dense.
        </span>
      );
    }
    case 'scan_too_large': {
      const { scan_work: work = 0, scan_limit: limit = 0 } = path ?? {};
      const dims = copy.rows > 0 ? Math.round(work / copy.rows) : 0;
      return (
        <span>
          From {by}: the chunks are in memory ({megabytes(copy.bytes)}), but comparing a question with every
          one would take {plural(copy.rows, 'chunk')} × {dims.toLocaleString('en')} dimensions ={' '}
          {millions(work)} products, past the {millions(limit)} beyond which the index answers sooner.
        </span>
      );
    }
    case 'loading':
      return <span>Loading the chunks into memory for exact searches; until then {by} answers…</span>;
    case 'not_loaded':
      return (
        <span>
          The chunks are loaded into memory for exact searches on the first search; until then {by} answers.
        </span>
      );
    case 'too_large':
      return (
        <span>
          From {by}: the chunks do not fit the server&apos;s search memory (<code>--search-memory</code>).
        </span>
      );
    case 'no_room':
      return (
        <span>
          From {by} for now: the server&apos;s search memory (<code>--search-memory</code>) holds knowledge
          bases searched more often. These chunks are loaded into memory once this one is searched more than
          they are.
        </span>
      );
    default:
      return <span>From {by}.</span>;
  }
}

/** A size in MB, or in KB below one MB (a small KB's copy takes a few hundred KB). */
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`
    : `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`;

/** What the background maintenance after inserts is doing, said after the index line. */
const UPKEEP_NOTES: Record<NonNullable<KbStatus['index']['upkeep']>, string> = {
  waiting: ' The index is brought up to date once inserts pause for a moment.',
  building: ' Bringing the index up to date in the background…',
  idle: '',
};

/**
 * A KB's state at a glance: how many documents and chunks it holds, its last load and the outcome, and its
 * vector index, with a button that builds the index now (CREATE INDEX ON KNOWLEDGE_BASE). Shows nothing on a
 * server without the status route.
 */
export function KbStatusBlock({ project, name }: { project: string; name: string }) {
  const loading = useLoadJobs((s) => s.jobs[loadKey(project, name)]?.phase === 'loading');
  const status = useKnowledgeBaseStatus(project, name, loading);
  const client = useQueryClient();
  const build = useMutation({
    mutationFn: async () => {
      const result = await runSql({
        query: `CREATE INDEX ON KNOWLEDGE_BASE ${exactName(project)}.${exactName(name)}`,
        context: { db: project },
      });
      if (result.type === 'error') throw new Error(result.error_message);
    },
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeBaseKeys.status(project, name) }),
  });
  // Refetch at once so that the build shows as running while the statement waits.
  const startBuild = () => {
    build.mutate();
    setTimeout(() => void status.refetch(), 300);
  };
  if (!status.data) return null;
  const s = status.data;
  const building = build.isPending || s.index.build?.state === 'building';
  return (
    <section className="kb-status" aria-label="Knowledge base status">
      <dl>
        <dt>Holds</dt>
        <dd>
          {plural(s.documents, 'document')} in {plural(s.chunks, 'chunk')}
        </dd>
        <dt>Last load</dt>
        <dd>
          <LastLoad last={s.last_insert} project={project} name={name} />
        </dd>
        <dt>Vector index</dt>
        <dd>
          <IndexLine index={s.index} />{' '}
          <button
            className="btn btn-ghost"
            type="button"
            disabled={building || s.chunks === 0}
            onClick={startBuild}
          >
            {building ? 'Building…' : s.index.vector ? 'Rebuild index' : 'Build index now'}
          </button>
          {build.isError && (
            <span role="alert" className="kb-status-failed">
              {' '}
              {build.error.message}
            </span>
          )}
        </dd>
        {s.index.search_copy && (
          <>
            <dt>Searches</dt>
            <dd>
              <SearchLine copy={s.index.search_copy} path={s.index.search_path} />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
