import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModelConfig } from '../../protocol/api/knowledge-bases';
import { ResourceHeader, ResourceLoadState } from './resource-header';

/** How a saved object's page speaks of it: "knowledge base", in "Knowledge bases", its "Embedding model". */
export interface ResourceWords<T> {
  kind: string;
  listLabel: string;
  modelRole: string;
  /** The model the header shows. */
  modelOf: (saved: T) => ModelConfig | null | undefined;
}

/**
 * Deleting an object from its page: `ask` opens the confirmation, `done` says it is deleted. Once deleted,
 * the page's forms go first (so their unsaved-changes guard does not hold the page), then the page leaves
 * for the list.
 */
export function useDeleteThenLeave(listHref: string) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(listHref, { replace: true });
  }, [deleted, navigate, listHref]);
  return {
    listHref,
    asking,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    deleted,
    done: () => setDeleted(true),
  };
}

/** The top of a saved object's page: its header (with Delete), then loading or why it could not be opened. */
export function SavedResourceTop<T extends { updated_at?: string | null }>(props: {
  words: ResourceWords<T>;
  project: string;
  name: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  deletion: ReturnType<typeof useDeleteThenLeave>;
}) {
  const { words, project, name, query, deletion } = props;
  return (
    <>
      <ResourceHeader
        listLabel={words.listLabel}
        listHref={deletion.listHref}
        name={name}
        model={query.data && words.modelOf(query.data)}
        modelRole={words.modelRole}
        updatedAt={query.data?.updated_at}
        onDelete={query.data ? deletion.ask : null}
      />
      {!deletion.deleted && (
        <ResourceLoadState
          query={query}
          kind={words.kind}
          name={name}
          project={project}
          listHref={deletion.listHref}
        />
      )}
    </>
  );
}
