import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DEFAULT_PROJECT } from '../../lib/paths';
import { WorksheetPage } from '../../features/worksheet/worksheet-page';

/** `?sql=` (from a table in the object browser) opens that SQL in a new tab, then leaves the address clean. */
export default function WorksheetRoute() {
  const { project = DEFAULT_PROJECT } = useParams();
  const [params, setParams] = useSearchParams();
  const clearSql = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete('sql');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return <WorksheetPage project={project} openSql={params.get('sql') ?? undefined} onOpened={clearSql} />;
}
