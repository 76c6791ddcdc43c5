import { ValidationError } from '../../errors';
import { DATA_SOURCES } from '../../domain/system-databases';
import type { FileService } from '../files';
import { type ProjectService } from '../projects';
import type { AgentData } from '../../domain/agents';

/** An entry of `data`: `<project>.<kb>` / `<datasource>.<table>`, where the name may be `*`. */
interface Entry {
  container: string;
  name: string;
}

function parseEntry(entry: string, field: string): Entry {
  const parts = entry.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new ValidationError(
      `'${entry}' in ${field} must look like <database>.<name> or <database>.*`,
      field,
    );
  }
  return { container: parts[0], name: parts[1] };
}

const isDataSource = (name: string) => DATA_SOURCES.some((d) => d.name === name.toLowerCase());

/**
 * The name of `names` that `wanted` means: names compare without regard to case, as MindsDB's do; the exact
 * spelling wins where an older data folder holds two names that differ only by case, else the first (oldest).
 */
function sameName(names: readonly string[], wanted: string): string | undefined {
  if (names.includes(wanted)) return wanted;
  const lower = wanted.toLowerCase();
  return names.find((n) => n.toLowerCase() === lower);
}

/** Connected databases (CREATE DATABASE ... WITH ENGINE), whose tables an agent may be given as `shop.*`. */
export interface ExternalTables {
  isSource(name: string): Promise<boolean>;
  tableNames(source: string): Promise<string[]>;
}

/**
 * Turns an agent's `data` into the knowledge bases and tables it may use. Wildcards are kept as written and
 * resolved at each run, so a knowledge base created after the agent is included.
 */
export class DataResolver {
  constructor(
    private readonly projects: ProjectService,
    private readonly files: FileService,
    private readonly external?: ExternalTables,
  ) {}

  /** Bare names are qualified: a knowledge base by the agent's project, a table by `files`. */
  normalize(data: Partial<AgentData>, project: string): Partial<AgentData> {
    const qualify = (list: string[] | undefined, container: string) =>
      list?.map((e) => (e.includes('.') ? e : `${container}.${e}`));
    return {
      ...(data.knowledge_bases ? { knowledge_bases: qualify(data.knowledge_bases, project) } : {}),
      ...(data.tables ? { tables: qualify(data.tables, DATA_SOURCES[0].name) } : {}),
    };
  }

  /** Every entry must name an existing project or data source, and an existing object unless it is `*`. */
  async validate(data: AgentData): Promise<void> {
    const field = 'data.knowledge_bases';
    for (const raw of data.knowledge_bases) {
      const e = parseEntry(raw, field);
      if (!(await this.projects.find(e.container))) {
        throw new ValidationError(`Project '${e.container}' in ${field} does not exist`, field);
      }
      if (e.name !== '*' && sameName(await this.kbsOf(e.container), e.name) === undefined) {
        throw new ValidationError(`Knowledge base '${raw}' does not exist`, field);
      }
    }
    for (const raw of data.tables) {
      const e = parseEntry(raw, 'data.tables');
      if (await this.external?.isSource(e.container)) {
        if (e.name !== '*' && !(await this.external!.tableNames(e.container)).includes(e.name)) {
          throw new ValidationError(`Table '${raw}' does not exist`, 'data.tables');
        }
        continue;
      }
      if (!isDataSource(e.container)) {
        const sources = DATA_SOURCES.map((d) => d.name).join(', ');
        throw new ValidationError(
          `'${e.container}' in data.tables is not a data source (use ${sources})`,
          'data.tables',
        );
      }
      if (e.name !== '*' && !(await this.files.exists(e.name))) {
        throw new ValidationError(`Table '${raw}' does not exist`, 'data.tables');
      }
    }
  }

  /** The knowledge bases (`project.kb`) an agent may use now; entries whose target is gone are skipped. */
  async knowledgeBases(data: AgentData): Promise<string[]> {
    const out = new Set<string>();
    for (const raw of data.knowledge_bases) {
      const e = parseEntry(raw, 'data.knowledge_bases');
      const names = await this.kbsOf(e.container).catch(() => [] as string[]);
      if (e.name !== '*') {
        const name = sameName(names, e.name);
        if (name !== undefined) out.add(`${e.container}.${name}`);
      } else for (const name of names) out.add(`${e.container}.${name}`);
    }
    return [...out];
  }

  /** The tables (`files.t`) an agent may use now. */
  async tables(data: AgentData): Promise<string[]> {
    if (data.tables.length === 0) return [];
    const existing = (await this.files.list()).map((f) => f.name);
    const out = new Set<string>();
    for (const raw of data.tables) {
      const e = parseEntry(raw, 'data.tables');
      if (await this.external?.isSource(e.container)) {
        const names = await this.external!.tableNames(e.container).catch(() => [] as string[]);
        if (e.name !== '*') {
          const name = sameName(names, e.name);
          if (name !== undefined) out.add(`${e.container}.${name}`);
        } else for (const name of names) out.add(`${e.container}.${name}`);
        continue;
      }
      if (!isDataSource(e.container)) continue;
      if (e.name !== '*') {
        const name = sameName(existing, e.name);
        if (name !== undefined) out.add(`${e.container}.${name}`);
      } else for (const name of existing) out.add(`${e.container}.${name}`);
    }
    return [...out];
  }

  private async kbsOf(project: string): Promise<string[]> {
    const objects = await this.projects.objects(project);
    return objects.filter((o) => o.type === 'knowledge_base').map((o) => o.name);
  }
}
