import type { TreeObject } from '../../../protocol/api/tree';
import { agentPath, kbPath, worksheetPath } from '../../lib/paths';
import { qualifiedName } from '../../lib/sql-text';

/** Where a click on an object of the browser leads: its page, or a worksheet that previews the table. */
export function objectLink(db: string, object: TreeObject, currentProject: string): string {
  if (object.type === 'knowledge_base') return kbPath(db, object.name);
  if (object.type === 'agent') return agentPath(db, object.name);
  // A connected database's table carries its schema: `shop.sales.leads` finds it outside the search path.
  const parts = [db, ...(object.schema ? [object.schema] : []), object.name];
  const sql = `SELECT * FROM ${qualifiedName(...parts)} LIMIT 100;`;
  return worksheetPath(currentProject, sql);
}
