import type { TreeObject } from '../../../protocol/api/tree';
import { agentPath, kbPath, tablePreviewPath } from '../../lib/paths';

/** Where a click on an object of the browser leads: its page, or the worksheet's preview of the table. */
export function objectLink(db: string, object: TreeObject, currentProject: string): string {
  if (object.type === 'knowledge_base') return kbPath(db, object.name);
  if (object.type === 'agent') return agentPath(db, object.name);
  // A connected database's table carries its schema: `shop.sales.leads` finds it outside the search path.
  return tablePreviewPath(currentProject, [db, ...(object.schema ? [object.schema] : []), object.name]);
}
