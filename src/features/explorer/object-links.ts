import type { TreeObject } from '../../../protocol/api/tree';

/** Where a click on an object of the browser leads: its page, or a worksheet that previews the table. */
export function objectLink(db: string, object: TreeObject, currentProject: string): string {
  const p = encodeURIComponent(db);
  const name = encodeURIComponent(object.name);
  if (object.type === 'knowledge_base') return `/projects/${p}/knowledge-bases/${name}`;
  if (object.type === 'agent') return `/projects/${p}/agents/${name}`;
  // A connected database's table carries its schema: `shop.sales.leads` finds it outside the search path.
  const parts = [db, ...(object.schema ? [object.schema] : []), object.name];
  const sql = `SELECT * FROM ${parts.map(quoteName).join('.')} LIMIT 100;`;
  return `/projects/${encodeURIComponent(currentProject)}/worksheet?sql=${encodeURIComponent(sql)}`;
}

/** Backtick-quotes a name unless it is a plain lowercase identifier. */
export function quoteName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}
