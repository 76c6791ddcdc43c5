import type { ProjectObjects } from '../../api/databases/dependents';

/** One object that names the source, and how. */
export interface Dependent {
  project: string;
  name: string;
  /** How it names the source: an agent's table entries, or the statement that does. */
  via: string;
}

export interface SourceDependents {
  agents: Dependent[];
  views: Dependent[];
  jobs: Dependent[];
  /**
   * Knowledge bases loaded from the source: by a job whose statements name it, or (ours) by any insert the
   * server recorded (`loaded_from`).
   */
  knowledgeBases: Dependent[];
  /** Knowledge bases whose server does not say where their rows came from (MindsDB): loads by hand unknown. */
  kbsUnrecorded: number;
  /** What could not be read, in words: the lists above may then be incomplete. */
  unread: string[];
}

const bare = (part: string) => part.trim().replace(/^[`"]|[`"]$/g, '');

/** Whether SQL text names `source` as the first part of a dotted name (`src.table`, `"src".schema.t`). */
export function namesSource(text: string, source: string): boolean {
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.\`"])[\`"]?${escaped}[\`"]?\\s*\\.\\s*[\\w\`"*]`, 'i').test(text);
}

/** An agent's `data.tables` entries that name the source (`src.*`, `src.table`, `src.schema.table`). */
export function tablesNaming(tables: readonly string[], source: string): string[] {
  return tables.filter((entry) => bare(entry.split('.')[0] ?? '').toLowerCase() === source.toLowerCase());
}

/** The tables a statement inserts into, as `[project?, name]`. */
export function insertTargets(sql: string): { project?: string; name: string }[] {
  const found: { project?: string; name: string }[] = [];
  const re = /insert\s+into\s+([`"]?\w+[`"]?)(?:\s*\.\s*([`"]?\w+[`"]?))?/gi;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    found.push(m[2] ? { project: bare(m[1]), name: bare(m[2]) } : { name: bare(m[1]) });
  }
  return found;
}

const short = (sql: string) => {
  const line = sql.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
};

/** What in `objects` names `source`. */
export function sourceDependents(objects: readonly ProjectObjects[], source: string): SourceDependents {
  const out: SourceDependents = {
    agents: [],
    views: [],
    jobs: [],
    knowledgeBases: [],
    kbsUnrecorded: 0,
    unread: [],
  };
  const kbsOf = new Map(objects.map((o) => [o.project.toLowerCase(), o.knowledgeBases]));
  const listKb = (project: string, name: string, via: string) => {
    const same = (d: Dependent) =>
      d.project.toLowerCase() === project.toLowerCase() && d.name.toLowerCase() === name.toLowerCase();
    if (!out.knowledgeBases.some(same)) out.knowledgeBases.push({ project, name, via });
  };
  for (const o of objects) {
    const note = (what: string, list: unknown) => {
      if (list instanceof Error) out.unread.push(`the ${what} of ${o.project} (${list.message})`);
    };
    note('agents', o.agents);
    note('views', o.views);
    note('jobs', o.jobs);
    note('knowledge bases', o.knowledgeBases);
    if (!(o.agents instanceof Error)) {
      for (const agent of o.agents) {
        const entries = tablesNaming(agent.data?.tables ?? [], source);
        if (entries.length)
          out.agents.push({ project: o.project, name: agent.name, via: entries.join(', ') });
      }
    }
    if (!(o.views instanceof Error)) {
      for (const view of o.views) {
        if (view.query && namesSource(view.query, source))
          out.views.push({ project: o.project, name: view.name, via: short(view.query) });
      }
    }
    if (o.jobs instanceof Error) continue;
    for (const job of o.jobs) {
      const query = job.query ?? '';
      if (!namesSource([query, job.if_query ?? ''].join('\n'), source)) continue;
      out.jobs.push({ project: o.project, name: job.name, via: short(query) });
      for (const target of insertTargets(query)) {
        const project = target.project ?? o.project;
        const kbs = kbsOf.get(project.toLowerCase());
        const kb = Array.isArray(kbs) && kbs.find((k) => k.name.toLowerCase() === target.name.toLowerCase());
        if (kb) listKb(project, kb.name, `loaded by job ${o.project}.${job.name}`);
      }
    }
  }
  // Then the loads the server recorded (ours), a KB a job loads already listed with its job.
  for (const o of objects) {
    if (!Array.isArray(o.knowledgeBases)) continue;
    for (const kb of o.knowledgeBases) {
      if (!kb.loadedFrom) out.kbsUnrecorded++;
      else if (kb.loadedFrom.some((s) => s.toLowerCase() === source.toLowerCase()))
        listKb(o.project, kb.name, 'loaded from this source');
    }
  }
  return out;
}

export const dependentCount = (d: SourceDependents) =>
  d.agents.length + d.views.length + d.jobs.length + d.knowledgeBases.length;
