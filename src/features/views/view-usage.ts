/** Something that names a view: a job's statements, an agent's tables, another view's query. */
export interface ViewUse {
  kind: 'job' | 'agent' | 'view';
  name: string;
  /** How it names the view: the text found, or the agent's data entry. */
  via: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name in SQL, bare or backquoted. */
const part = (name: string) => `(?:\`${escape(name.replace(/`/g, '``'))}\`|${escape(name)})`;

/**
 * Whether SQL text names the view: as `project.view` anywhere, or bare (the text runs in the view's project).
 * Case-insensitive, as names are; a name inside a longer one (`orders` in `orders_2024`) does not count.
 */
export function sqlNamesView(sql: string, project: string, view: string): boolean {
  const name = `(?:${part(project)}\\s*\\.\\s*)?${part(view)}`;
  return new RegExp(`(?<![\\w.\`])${name}(?![\\w\`])`, 'i').test(sql);
}

interface JobLike {
  name: string;
  query: string;
  if_query?: string | null;
}
interface AgentLike {
  name: string;
  data?: { tables?: string[] | null } | null;
}
interface ViewLike {
  name: string;
  query: string;
}

/** What in the view's project uses it: jobs and views whose SQL names it, agents given it as a table. */
export function viewUses(
  project: string,
  view: string,
  { jobs = [], agents = [], views = [] }: { jobs?: JobLike[]; agents?: AgentLike[]; views?: ViewLike[] },
): ViewUse[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const uses: ViewUse[] = [];
  for (const job of jobs) {
    const text = `${job.query}\n${job.if_query ?? ''}`;
    if (sqlNamesView(text, project, view)) uses.push({ kind: 'job', name: job.name, via: 'its statements' });
  }
  for (const agent of agents) {
    const entry = (agent.data?.tables ?? []).find((t) => {
      const [db, table] = t.split('.');
      return same(db, project) && table !== undefined && (table === '*' || same(table, view));
    });
    if (entry) uses.push({ kind: 'agent', name: agent.name, via: entry });
  }
  for (const other of views) {
    if (same(other.name, view)) continue;
    if (sqlNamesView(other.query, project, view))
      uses.push({ kind: 'view', name: other.name, via: 'its query' });
  }
  return uses;
}
