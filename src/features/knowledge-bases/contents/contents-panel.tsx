import { useId, useState, type FormEvent } from 'react';
import {
  DOCUMENTS_PAGE_SIZE,
  useDocumentChunks,
  useKbDocuments,
} from '../../../api/knowledge-bases/contents';
import { useKnowledgeBaseStatus } from '../../../api/knowledge-bases/status';
import { problemMessage } from '../../../components/field-errors';
import { plural } from '../../../components/format';
import { SearchHitCard } from '../search/search-hit';
import './contents.css';

/** Chunks a grouped SELECT on a KB reads at most on our server (see MAX_KB_TABLE_ROWS). */
const GROUPED_READ_LIMIT = 10_000;

/**
 * What the KB holds: its documents (by id, with their chunk counts), a page at a time, with a search inside
 * the chunks' text; choosing one shows its chunks in order. Totals and the last load are in the status block
 * above the tabs.
 */
export function ContentsPanel({ project, kb }: { project: string; kb: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | number | null>(null);
  const documents = useKbDocuments(project, kb, page, search);
  const status = useKnowledgeBaseStatus(project, kb);
  const chunks = status.data?.chunks;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(typed);
    setPage(0);
    setOpen(null);
  };

  return (
    <section className="kb-contents" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Contents
      </h2>
      <form role="search" aria-label="Search the documents" className="kb-contents-search" onSubmit={submit}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Text in the documents
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          placeholder="Find documents containing…"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn">
          Find
        </button>
        {search && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setTyped('');
              setSearch('');
              setPage(0);
            }}
          >
            Show all
          </button>
        )}
      </form>
      {chunks !== undefined && chunks > GROUPED_READ_LIMIT && (
        <p className="field-hint" role="note">
          This knowledge base holds {plural(chunks, 'chunk')}; the list is read from the first{' '}
          {GROUPED_READ_LIMIT.toLocaleString('en')} of them. Use the search to reach any document.
        </p>
      )}
      {documents.isError && (
        <p role="alert" className="error-box">
          Could not list the documents: {problemMessage(documents.error)}
        </p>
      )}
      {documents.isPending && <p className="muted">Reading the documents…</p>}
      {documents.data && (
        <div className="kb-contents-body">
          <div className="kb-contents-list">
            {documents.data.documents.length === 0 ? (
              <p className="muted">
                {search ? `No document contains “${search}”.` : 'This knowledge base holds no documents yet.'}
              </p>
            ) : (
              <table className="rp-table">
                <caption className="sr-only">
                  Documents, page {page + 1}
                  {search ? `, containing ${search}` : ''}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Document id</th>
                    <th scope="col">Chunks</th>
                  </tr>
                </thead>
                <tbody>
                  {documents.data.documents.map((d) => (
                    // The whole row opens the document (it highlights as one); its id is the button that
                    // the keyboard reaches, whose click reaches the row.
                    <tr
                      key={String(d.id)}
                      className={d.id === open ? 'is-open' : undefined}
                      onClick={() => setOpen(d.id === open ? null : d.id)}
                    >
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost kb-doc-open"
                          aria-pressed={d.id === open}
                        >
                          {String(d.id)}
                        </button>
                      </td>
                      <td className="kb-num">{d.chunks.toLocaleString('en')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <nav className="kb-pager" aria-label="Pages of documents">
              <button type="button" className="btn" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span aria-live="polite">
                Page {page + 1} · documents {page * DOCUMENTS_PAGE_SIZE + 1}–
                {page * DOCUMENTS_PAGE_SIZE + documents.data.documents.length}
              </span>
              <button
                type="button"
                className="btn"
                disabled={!documents.data.more}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          </div>
          {open !== null && <DocumentChunks project={project} kb={kb} id={open} />}
        </div>
      )}
    </section>
  );
}

function DocumentChunks({ project, kb, id }: { project: string; kb: string; id: string | number }) {
  const chunks = useDocumentChunks(project, kb, id);
  return (
    <section className="kb-doc-chunks" aria-label={`Chunks of ${String(id)}`}>
      <h3>
        Document {String(id)}
        {chunks.data && <span className="muted"> · {plural(chunks.data.length, 'chunk')}</span>}
      </h3>
      {chunks.isPending && <p className="muted">Reading its chunks…</p>}
      {chunks.isError && (
        <p role="alert" className="error-box">
          {problemMessage(chunks.error)}
        </p>
      )}
      <ol className="kb-hits">
        {chunks.data?.map((hit, i) => (
          <li key={hit.chunkId}>
            <SearchHitCard hit={hit} rank={i + 1} />
          </li>
        ))}
      </ol>
    </section>
  );
}
