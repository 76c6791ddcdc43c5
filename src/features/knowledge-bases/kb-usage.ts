import type { Agent } from '../../../protocol/api/agents';

/**
 * Whether an agent's `data.knowledge_bases` entry selects the KB `project.kb`: by its full name, by the
 * project's wildcard `project.*`, or by a bare name that an agent resolves in its own project. Names compare
 * case-insensitively, as the SQL layer lowercases unquoted names.
 */
export function entrySelects(entry: string, project: string, kb: string): boolean {
  const e = entry.trim().toLowerCase();
  const p = project.toLowerCase();
  const k = kb.toLowerCase();
  const dot = e.lastIndexOf('.');
  if (dot === -1) return e === k || e === '*';
  const [db, name] = [e.slice(0, dot), e.slice(dot + 1)];
  return db === p && (name === k || name === '*');
}

export interface KbUse {
  agent: string;
  /** The entry that selects the KB, e.g. `mindsdb.*`, so the user sees why. */
  via: string;
}

/** The agents of `project` that use the KB, each with the entry that selects it. */
export function agentsUsingKb(agents: Agent[], project: string, kb: string): KbUse[] {
  const uses: KbUse[] = [];
  for (const agent of agents) {
    const via = (agent.data?.knowledge_bases ?? []).find((entry) => entrySelects(entry, project, kb));
    if (via !== undefined) uses.push({ agent: agent.name, via });
  }
  return uses;
}
