import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DEFAULT_PROJECT, PREVIEW_PARAM } from '../../lib/paths';
import { WorksheetPage } from '../../features/worksheet/worksheet-page';

/**
 * `?preview=db&preview=table` (a table clicked in the object browser) shows the table's first rows in the
 * preview tab, then leaves the address clean, so that a reload does not run it again.
 */
export default function WorksheetRoute() {
  const { project = DEFAULT_PROJECT } = useParams();
  const [params, setParams] = useSearchParams();
  const clearPreview = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete(PREVIEW_PARAM);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const table = params.getAll(PREVIEW_PARAM);
  return (
    <WorksheetPage
      project={project}
      previewTable={table.length ? table : undefined}
      onPreviewOpened={clearPreview}
    />
  );
}
