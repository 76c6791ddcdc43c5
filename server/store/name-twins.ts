import type { CatalogDb } from '../engines/catalog-db';

/** Names that differ only by case, which an older version let a data folder hold: the console asks to rename them. */
export interface NameTwins {
  /** `project`, `data_source`, `job`, or the kind of a project's object (`knowledge_base`, `agent`, `view`). */
  kind: string;
  /** The project holding them (null for projects and data sources). */
  project: string | null;
  /** The spellings, oldest first: lookups by any other spelling reach the first. */
  names: string[];
}

interface Row {
  kind: string;
  project: string | null;
  names: string[];
}

/** Objects of a project share one set of names (project-names.ts); jobs, projects and data sources have their own. */
const GROUPS: { table: string; kind: string; perProject: boolean }[] = [
  { table: 'projects', kind: 'project', perProject: false },
  { table: 'data_sources', kind: 'data_source', perProject: false },
  { table: 'jobs', kind: 'job', perProject: true },
];
const SHARED = [
  { table: 'knowledge_bases', kind: 'knowledge_base' },
  { table: 'agents', kind: 'agent' },
  { table: 'views', kind: 'view' },
];

/**
 * Every set of names that differ only by case. Such twins stay usable (an exact spelling reaches its own object,
 * see the lookups), but any other spelling reaches only the oldest, so each should be renamed.
 */
export async function findNameTwins(catalog: CatalogDb): Promise<NameTwins[]> {
  const present = new Set(
    (await catalog.all<{ name: string }>(`SELECT table_name AS name FROM duckdb_tables()`)).map(
      (r) => r.name,
    ),
  );
  const out: NameTwins[] = [];
  for (const g of GROUPS) {
    if (!present.has(g.table)) continue;
    const rows = g.perProject
      ? await catalog.all<Row>(
          `SELECT '${g.kind}' AS kind, p.name AS project, list(o.name ORDER BY o.id) AS names
           FROM ${g.table} o JOIN projects p ON p.id = o.project_id
           GROUP BY p.name, lower(o.name) HAVING count(*) > 1`,
        )
      : await catalog.all<Row>(
          `SELECT '${g.kind}' AS kind, NULL AS project, list(name ORDER BY id) AS names
           FROM ${g.table} GROUP BY lower(name) HAVING count(*) > 1`,
        );
    out.push(...rows);
  }
  const shared = SHARED.filter((s) => present.has(s.table));
  if (shared.length) {
    const union = shared
      .map((s) => `SELECT '${s.kind}' AS kind, id, project_id, name FROM ${s.table}`)
      .join(' UNION ALL ');
    const rows = await catalog.all<Row>(
      `SELECT CASE WHEN count(DISTINCT o.kind) = 1 THEN min(o.kind) ELSE 'object' END AS kind,
         p.name AS project, list(o.name ORDER BY o.id) AS names
       FROM (${union}) o JOIN projects p ON p.id = o.project_id
       GROUP BY p.name, lower(o.name) HAVING count(*) > 1`,
    );
    out.push(...rows);
  }
  return out
    .map((r) => ({
      kind: String(r.kind),
      project: r.project === null ? null : String(r.project),
      names: [...r.names].map(String),
    }))
    .sort((a, b) => `${a.kind}${a.project}${a.names[0]}`.localeCompare(`${b.kind}${b.project}${b.names[0]}`));
}
