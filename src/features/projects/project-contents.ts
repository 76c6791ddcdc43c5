import type { TreeObject } from '../../../protocol/api/tree';

/** What a project holds, by kind, as the delete question and the list say it. */
export interface ProjectContents {
  views: string[];
  knowledgeBases: string[];
  agents: string[];
  jobs: string[];
  /** Tables other than the `models` table every project shows (MindsDB's models, say). */
  other: string[];
}

/**
 * Sorts the object browser's view of a project (and its jobs) into kinds. MindsDB's tree lists a project's jobs
 * among its objects (type `job`) and its models (type `model`); ours lists neither, so jobs are also read from
 * the jobs route, and each is counted once.
 */
export function projectContents(objects: TreeObject[], jobs: { name: string }[]): ProjectContents {
  const contents: ProjectContents = {
    views: [],
    knowledgeBases: [],
    agents: [],
    jobs: jobs.map((j) => j.name),
    other: [],
  };
  for (const o of objects) {
    const kind = o.type ?? o.class;
    if (kind === 'job') {
      if (!contents.jobs.includes(o.name)) contents.jobs.push(o.name);
    } else if (kind === 'view') contents.views.push(o.name);
    else if (kind === 'knowledge_base' || o.class === 'knowledge_base') contents.knowledgeBases.push(o.name);
    else if (kind === 'agent' || o.class === 'agent') contents.agents.push(o.name);
    else if (o.name !== 'models') contents.other.push(o.name);
  }
  return contents;
}

const KINDS: [keyof ProjectContents, string, string][] = [
  ['knowledgeBases', 'knowledge base', 'knowledge bases'],
  ['agents', 'agent', 'agents'],
  ['views', 'view', 'views'],
  ['jobs', 'job', 'jobs'],
  ['other', 'other table', 'other tables'],
];

/** Each kind the project holds as "2 views", in a fixed order; empty when it holds nothing. */
export function contentsSummary(contents: ProjectContents): { kind: keyof ProjectContents; text: string }[] {
  return KINDS.filter(([kind]) => contents[kind].length > 0).map(([kind, one, many]) => ({
    kind,
    text: `${contents[kind].length} ${contents[kind].length === 1 ? one : many}`,
  }));
}

export const isEmpty = (contents: ProjectContents) => contentsSummary(contents).length === 0;
