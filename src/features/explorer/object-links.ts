import type { TreeObject } from '../../../protocol/api/tree';
import { agentPath, jobPath, kbPath, tablePreviewPath, viewPath } from '../../lib/paths';

/** Where a click on an object of the browser leads: its page, or the worksheet's preview of the table. */
export function objectLink(
  db: string,
  object: TreeObject,
  currentProject: string,
  { inProject = false } = {},
): string {
  if (object.type === 'knowledge_base') return kbPath(db, object.name);
  if (object.type === 'agent') return agentPath(db, object.name);
  // A project's view and job (MindsDB's tree lists jobs too) have pages; a data source's own views are tables.
  if (inProject && object.type === 'view') return viewPath(db, object.name);
  if (inProject && object.type === 'job') return jobPath(db, object.name);
  // A connected database's table carries its schema: `shop.sales.leads` finds it outside the search path.
  return tablePreviewPath(currentProject, [db, ...(object.schema ? [object.schema] : []), object.name]);
}
