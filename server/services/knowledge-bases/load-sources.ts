import { NotFoundError } from '../../errors';
import type { KbCatalog } from '../../store/knowledge-bases';
import type { KbSources } from '../../store/kb-sources';
import type { KbLookup } from './kb-lookup';

/**
 * The data sources each knowledge base was loaded from (ours: a data source's Drop names the KBs loaded from
 * it). The insert path notes them; the KB service forgets a KB's when it drops the KB.
 */
export class KbLoadSources {
  constructor(
    private readonly sources: KbSources,
    private readonly catalog: KbCatalog,
    private readonly lookup: KbLookup,
  ) {}

  /**
   * Notes that an insert into the KB read these data sources (INSERT INTO kb SELECT ... FROM source.t). A KB
   * dropped once its insert ended has nothing to note: the insert's answer stands.
   */
  async note(project: string, name: string, sources: readonly string[]): Promise<void> {
    if (!sources.length) return;
    const stored = await this.lookup.load(project, name).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (stored) await this.sources.record(stored.kb.id, sources);
  }

  /** The data sources the KB was loaded from, as far as this server saw its inserts. */
  async of(project: string, name: string): Promise<string[]> {
    return this.sources.of((await this.lookup.load(project, name)).kb.id);
  }

  /** The data sources each KB of the project was loaded from, by KB id (those loaded from none left out). */
  async byKb(project: string): Promise<Map<number, string[]>> {
    return this.sources.ofProject(await this.catalog.projectId(project));
  }

  /** Forgets what a dropped KB was loaded from. */
  forget(kbId: number): Promise<void> {
    return this.sources.forget(kbId);
  }
}
