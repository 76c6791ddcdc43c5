import type { CatalogDb } from '../engines/catalog-db';

/**
 * Which data sources each knowledge base was loaded from (`INSERT INTO kb SELECT ... FROM source.table`), so
 * that dropping a source can say which KBs hold its rows. Keyed by the KB's id, which a rename of its project
 * keeps; a KB's rows go with it.
 */
export const KB_SOURCES_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS kb_sources (
    kb_id INTEGER NOT NULL,
    source VARCHAR NOT NULL,
    PRIMARY KEY (kb_id, source)
  )`,
];

/** At start-up: rows of KBs dropped (or of projects dropped) while the server was cut short. */
export const KB_SOURCES_TIDY = [`DELETE FROM kb_sources WHERE kb_id NOT IN (SELECT id FROM knowledge_bases)`];

export class KbSources {
  constructor(private readonly db: CatalogDb) {}

  /** Notes that the KB was loaded from `sources`; nothing when the KB was dropped meanwhile. */
  async record(kbId: number, sources: readonly string[]): Promise<void> {
    for (const source of sources) {
      await this.db.run(
        `INSERT INTO kb_sources (kb_id, source)
         SELECT ?, ? WHERE EXISTS (SELECT 1 FROM knowledge_bases WHERE id = ?)
         ON CONFLICT (kb_id, source) DO NOTHING`,
        [kbId, source, kbId],
      );
    }
  }

  /** The sources each KB of a project was loaded from, by KB id, names in order. */
  async ofProject(projectId: number): Promise<Map<number, string[]>> {
    const rows = await this.db.select<{ kb_id: number; source: string }>(
      `SELECT s.kb_id, s.source FROM kb_sources s JOIN knowledge_bases k ON k.id = s.kb_id
       WHERE k.project_id = ? ORDER BY s.kb_id, s.source`,
      [projectId],
    );
    const found = new Map<number, string[]>();
    for (const r of rows) {
      const id = Number(r.kb_id);
      found.set(id, [...(found.get(id) ?? []), String(r.source)]);
    }
    return found;
  }

  /** The sources one KB was loaded from, in order. */
  async of(kbId: number): Promise<string[]> {
    const rows = await this.db.select<{ source: string }>(
      `SELECT source FROM kb_sources WHERE kb_id = ? ORDER BY source`,
      [kbId],
    );
    return rows.map((r) => String(r.source));
  }

  /** A dropped source: no KB is loaded from it any more (a new source of its name is another). */
  async forgetSource(source: string): Promise<void> {
    await this.db.run(`DELETE FROM kb_sources WHERE source = ?`, [source]);
  }

  async forget(kbId: number): Promise<void> {
    await this.db.run(`DELETE FROM kb_sources WHERE kb_id = ?`, [kbId]);
  }
}
