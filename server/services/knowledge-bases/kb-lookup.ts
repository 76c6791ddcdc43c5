import { NotFoundError } from '../../errors';
import type { KbCatalog, StoredKb } from '../../store/knowledge-bases';

/**
 * Knowledge bases' catalog rows by project and name, kept between calls. Every change to a KB goes through
 * the service, which forgets the entry; searches then skip two catalog queries each. On a catalog other
 * servers share, whose changes do not go through this service, nothing is kept.
 */
export class KbLookup {
  private readonly cache = new Map<string, StoredKb>();
  private generation = 0;

  constructor(private readonly catalog: KbCatalog) {}

  /** The KB's row; a NotFoundError naming it when the project has none of that name. */
  async load(project: string, name: string): Promise<StoredKb> {
    if (this.catalog.shared) return this.read(project, name);
    const key = `${project}\u0000${name}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const found = await this.read(project, name);
    // A change that happened while this read was in flight may have made it stale: do not keep it.
    if (generation === this.generation) this.cache.set(key, found);
    return found;
  }

  private async read(project: string, name: string): Promise<StoredKb> {
    const found = await this.catalog.find(await this.catalog.projectId(project), name);
    if (!found) throw kbNotFound(project, name);
    return found;
  }

  /** Forgets every spelling of the name: lookups are case-insensitive, so each spelling has its own entry. */
  forget(project: string, name: string): void {
    this.generation++;
    const key = `${project}\u0000${name}`.toLowerCase();
    for (const cached of this.cache.keys()) if (cached.toLowerCase() === key) this.cache.delete(cached);
  }

  /** Forgets every KB of a project. */
  forgetProject(project: string): void {
    this.generation++;
    const prefix = `${project}\u0000`.toLowerCase();
    for (const key of this.cache.keys()) if (key.toLowerCase().startsWith(prefix)) this.cache.delete(key);
  }
}

export function kbNotFound(project: string, name: string): NotFoundError {
  return new NotFoundError(`Knowledge base '${name}' does not exist in project '${project}'`);
}
