import type { VectorStore } from '../../engines/vector-store';
import type { IndexState, IndexUpkeepState } from '../../engines/vector-index';
import type { SearchCopyInfo } from '../../engines/exact-search/exact-search';
import type { SearchPath } from '../../engines/exact-search/search-path';
import { ConflictError, NotFoundError } from '../../errors';
import { KbCatalog, type StoredKb } from '../../store/knowledge-bases';
import {
  flattenInput,
  settingsForAlter,
  settingsForCreate,
  validateName,
  type KbDefaultModels,
} from './config';
import type { InputRow } from './documents';
import type { StreamedRows } from './ingest';
import { InsertStatus } from './insert-status';
import { BackgroundInserts, queuedQuery, type BackgroundQuery } from './background-inserts';
import { runInsert, type InsertRunDeps } from './insert-run';
import { KbLookup, kbNotFound } from './kb-lookup';
import { chunksOf, ConceptModels } from './concepts/concept-models';
import { InsertLog, type LastInsert } from '../../store/kb-inserts';
import { KbSources } from '../../store/kb-sources';
import { KbLoadSources } from './load-sources';
import { KbModels } from './models';
import { repairOrphans } from './orphans';
import { presentKb } from './presenter';
import { applySearchDefaults, type SearchDefaults } from './search-defaults';
import { KeyedQueue } from '../../util/keyed-queue';
import { ProgressBoard } from './progress';
import { readChanges, updateContext, updateDocuments } from './update-docs';
import { IndexBuilds, type IndexBuild } from './index-builds';
import { checkFilterColumns, searchContext, searchKb, type SearchParts } from './search';
import type {
  FilterNode,
  InsertOptions,
  InsertProgress,
  InsertResult,
  KbSearchQuery,
  KbSearchRow,
  KnowledgeBase,
  KnowledgeBaseInput,
  ReadOptions,
} from '../../domain/knowledge-bases';

import { BUILT_IN_EMBEDDING, type KnowledgeBaseServiceDeps, type ListedKnowledgeBase } from './service-deps';

export type { KnowledgeBaseServiceDeps, ListedKnowledgeBase } from './service-deps';

/**
 * Knowledge bases: catalog rows in DuckDB, chunks and vectors in LanceDB. This is the programmatic API the
 * REST routes and SQL handlers call; it throws NotFoundError, ConflictError, ValidationError (and
 * UpstreamError from model providers) with messages that name the object.
 */
export class KnowledgeBaseService {
  private readonly catalog: KbCatalog;
  private readonly insertLog: InsertLog;
  /** The data sources each KB was loaded from (load-sources.ts). */
  readonly loadSources: KbLoadSources;
  private readonly store: VectorStore;
  /** The default models a new KB is given (see settingsForCreate). */
  private readonly defaults: () => Promise<KbDefaultModels>;
  private readonly locks = new KeyedQueue();
  private readonly progressBoard = new ProgressBoard();
  private readonly indexBuilds = new IndexBuilds();
  private readonly running = new Map<number, AbortController>();
  private readonly background = new BackgroundInserts();
  /** Whether an `INSERT INTO kb SELECT` without `USING batch_size` runs in the background (MindsDB v26). */
  readonly autobatch: boolean;
  private readonly models: KbModels;
  private readonly lookup: KbLookup;
  private readonly inserts: InsertStatus;
  /** What each insert run works with (see insert-run.ts). */
  private readonly insertRun: InsertRunDeps;
  /** The concept models that hybrid searches of KBs with the `local` embedding rank with (concepts/). */
  private readonly concepts: ConceptModels;
  /** What a search is built from (search.ts `searchContext`). */
  private readonly searchParts: SearchParts;

  constructor(deps: KnowledgeBaseServiceDeps) {
    this.catalog = new KbCatalog(deps.catalog);
    this.insertLog = new InsertLog(deps.catalog);
    this.autobatch = deps.disableAutobatch !== true;
    this.store = deps.store;
    this.lookup = new KbLookup(this.catalog);
    this.loadSources = new KbLoadSources(new KbSources(deps.catalog), this.catalog, this.lookup);
    this.inserts = new InsertStatus(this.progressBoard, this.insertLog, this.running);
    this.models = new KbModels(deps.providerOptions);
    this.insertRun = {
      store: this.store,
      models: this.models,
      progressBoard: this.progressBoard,
      insertLog: this.insertLog,
      running: this.running,
    };
    this.concepts = new ConceptModels(chunksOf(this.store), deps.onBackgroundError);
    this.searchParts = { store: this.store, models: this.models, concepts: this.concepts };
    const embedding = deps.defaultEmbeddingModel ?? BUILT_IN_EMBEDDING;
    this.defaults = deps.currentDefaults ?? (async () => ({ embedding, reranking: null }));
  }

  /**
   * Removes what a crash between the two steps of a drop left behind (orphans.ts). Run at start-up, before
   * serving requests.
   */
  async repairOrphans(): Promise<string[]> {
    return repairOrphans(this.catalog, this.store, this.loadSources);
  }

  async list(project: string, options: ReadOptions = {}): Promise<ListedKnowledgeBase[]> {
    const rows = await this.catalog.list(await this.catalog.projectId(project));
    return rows.map((s) => ({ ...presentKb(s.kb, options), project_name: s.projectName }));
  }

  async get(project: string, name: string, options: ReadOptions = {}): Promise<KnowledgeBase> {
    return presentKb((await this.load(project, name)).kb, options);
  }

  async create(
    project: string,
    input: KnowledgeBaseInput,
    options: { ifNotExists?: boolean } & ReadOptions = {},
  ): Promise<KnowledgeBase> {
    const flat = flattenInput(input);
    const name = validateName(flat.name);
    const projectId = await this.catalog.projectId(project);
    const existing = await this.catalog.find(projectId, name);
    if (existing) {
      if (options.ifNotExists) return presentKb(existing.kb, options);
      throw new ConflictError(
        `Knowledge base '${existing.kb.name}' already exists in project '${existing.projectName}'`,
        'name',
      );
    }
    const settings = await this.models.check(settingsForCreate(flat, await this.defaults()), { trial: true });
    try {
      // Refused (404 or 409) when the project is gone or another object took the name meanwhile.
      await this.catalog.insert({ id: projectId, name: project }, name, settings);
    } catch (err) {
      // Another create of the name won meanwhile: IF NOT EXISTS is then satisfied by it.
      const winner = options.ifNotExists && (await this.catalog.find(projectId, name));
      if (winner) return presentKb(winner.kb, options);
      throw err;
    }
    return this.get(project, name, options);
  }

  async alter(
    project: string,
    name: string,
    input: KnowledgeBaseInput,
    options: ReadOptions = {},
  ): Promise<KnowledgeBase> {
    const { kb } = await this.load(project, name);
    return this.locks.run(String(kb.id), async () => {
      const stored = await this.load(project, name);
      const chunks = await this.store.count(stored.kb.vector_database_table);
      const next = settingsForAlter(stored.settings, flattenInput(input), chunks, name);
      // A new embedding model (possible while the KB is empty) is tried as at create.
      const trial = JSON.stringify(next.embedding_model) !== JSON.stringify(stored.settings.embedding_model);
      const settings = await this.models.check(next, { trial });
      await this.catalog.update(stored.kb.id, settings);
      this.lookup.forget(project, name);
      return this.get(project, name, options);
    });
  }

  /** Drops the catalog row, then the vector table (a crash in between leaves an orphan that start-up removes). */
  async drop(project: string, name: string, options: { ifExists?: boolean } = {}): Promise<boolean> {
    const projectId = await this.catalog.projectId(project);
    const found = await this.catalog.find(projectId, name);
    if (!found) {
      if (options.ifExists) return false;
      throw kbNotFound(project, name);
    }
    const { id, vector_database_table: table } = found.kb;
    // A running insert stops with a 404: its knowledge base no longer exists.
    this.running.get(id)?.abort(new NotFoundError(`Knowledge base '${name}' was dropped`));
    this.lookup.forget(project, name);
    await this.locks.run(String(id), async () => {
      await this.catalog.delete(id);
      this.lookup.forget(project, name);
      await this.dropVectorTable(id, table);
    });
    return true;
  }

  /** Drops a vector table whose catalog row is gone; run under the KB's lock, so no insert is writing it. */
  private async dropVectorTable(id: number, table: string): Promise<void> {
    await this.store.dropTable(table);
    this.concepts.forget(table);
    this.progressBoard.forget(id);
    await this.insertLog.forget(id);
    await this.loadSources.forget(id);
  }

  /**
   * Chunks, embeds and stores rows; re-inserting an id replaces its chunks. Streamed rows (`pages`, with the
   * `total` the progress counts toward) are read as the batches go, unless track_column or kb_skip_existing
   * need them all first.
   */
  async insertRows(
    project: string,
    name: string,
    input: readonly InputRow[] | StreamedRows,
    options: InsertOptions = {},
  ): Promise<InsertResult> {
    const { kb } = await this.load(project, name);
    return this.locks.run(String(kb.id), async () =>
      runInsert(this.insertRun, await this.load(project, name), input, options),
    );
  }

  /**
   * Starts an insert in the background, as MindsDB v26 runs `INSERT INTO kb SELECT ...`: answers at once
   * with the query's record (its id is the insert's QUERY_ID); the insert runs after any other insert of the
   * KB, reports its progress as any insert does (DESCRIBE, progress, status), and is stopped by
   * `cancelInsert` or when the server closes. `query` is the statement and the database it ran in.
   */
  async startInsert(
    project: string,
    name: string,
    input: readonly InputRow[] | StreamedRows,
    options: InsertOptions,
    query: { sql: string; database: string },
  ): Promise<BackgroundQuery> {
    await this.load(project, name);
    const queryId = await this.insertLog.nextQueryId();
    this.background.start((signal) => this.insertRows(project, name, input, { ...options, signal, queryId }));
    return queuedQuery(queryId, query.sql, query.database);
  }

  /**
   * Stops the inserts running in the background and waits for them (before the databases close); a concept
   * model still being learned is let go without a word.
   */
  closeBackgroundInserts(): Promise<void> {
    this.concepts.stop();
    return this.background.close();
  }

  /** Deletes the chunks that match every filter (e.g. `[{column: 'id', op: '=', value: 'x'}]`); returns how many. */
  async deleteWhere(project: string, name: string, filters: FilterNode[]): Promise<number> {
    const stored = await this.load(project, name);
    const table = stored.kb.vector_database_table;
    await checkFilterColumns(
      { store: this.store, table, kbName: name, declaredMetadata: stored.settings.metadata_columns },
      filters,
    );
    return this.locks.run(String(stored.kb.id), () =>
      this.store.deleteWhere(table, filters, `knowledge base '${name}'`),
    );
  }

  /**
   * UPDATE kb SET ... WHERE ...: changes the content or metadata of every document with a chunk matching the
   * filters (re-chunked and re-embedded as an insert would). Returns how many documents changed.
   */
  async updateWhere(
    project: string,
    name: string,
    set: readonly { column: string; value: unknown }[],
    filters: FilterNode[],
  ): Promise<number> {
    const stored = await this.load(project, name);
    const ctx = updateContext(stored, this.store, this.models);
    const changes = readChanges(ctx, set);
    await checkFilterColumns({ ...ctx, declaredMetadata: ctx.declaredMetadata }, filters);
    return this.locks.run(String(stored.kb.id), async () => {
      const changed = await updateDocuments(ctx, filters, changes);
      if (changed) this.store.scheduleMaintenance(ctx.table);
      return changed;
    });
  }

  /**
   * CREATE INDEX ON KNOWLEDGE_BASE: builds the vector (ANN) and full-text indexes over every chunk now, after
   * any running insert. The build shows in `indexBuild` while it runs.
   */
  async buildIndex(project: string, name: string): Promise<number> {
    const stored = await this.load(project, name);
    const table = stored.kb.vector_database_table;
    return this.locks.run(String(stored.kb.id), () =>
      this.indexBuilds.run(
        stored.kb.id,
        stored.kb.name,
        () => this.store.count(table),
        (onPhase) => this.store.buildIndexNow(table, onPhase),
      ),
    );
  }

  /** The KB's latest index build (CREATE INDEX) in this run of the server, or null. */
  async indexBuild(project: string, name: string): Promise<IndexBuild | null> {
    return this.indexBuilds.get((await this.load(project, name)).kb.id);
  }

  /** How many documents (distinct ids) a KB holds; while an insert runs, a figure a few seconds old. */
  async countDocuments(project: string, name: string): Promise<number> {
    const { kb } = await this.load(project, name);
    return this.store.countDocs(kb.vector_database_table, this.running.has(kb.id));
  }

  /** Where the search settings chosen for a KB come from (set by the evaluations; see search-defaults.ts). */
  private searchDefaults: (kbId: number) => Promise<SearchDefaults | undefined> = async () => undefined;

  readSearchDefaultsFrom(source: (kbId: number) => Promise<SearchDefaults | undefined>): void {
    this.searchDefaults = source;
  }

  async search(project: string, name: string, asked: KbSearchQuery): Promise<KbSearchRow[]> {
    const stored = await this.load(project, name);
    const query = applySearchDefaults(asked, await this.searchDefaults(stored.kb.id));
    return searchKb(searchContext(stored, name, query, this.searchParts), query);
  }

  /**
   * Stops the KB's running insert between batches (the console's Cancel, also for a load whose request went
   * away); the batches stored stay. False when no insert runs.
   */
  async cancelInsert(project: string, name: string): Promise<boolean> {
    return this.inserts.cancel((await this.load(project, name)).kb);
  }

  /** Progress of the KB's latest insert, for the console to poll. */
  async progress(project: string, name: string): Promise<InsertProgress> {
    return this.inserts.progress((await this.load(project, name)).kb.id);
  }

  /** The latest insert with its query id, in this run or (after a restart) as the catalog noted it. */
  async lastInsert(project: string, name: string): Promise<LastInsert | null> {
    return this.inserts.last((await this.load(project, name)).kb.id);
  }

  /** Whether the KB's searches read an in-memory copy of its chunks (exact-search/), and its size. */
  async searchCopy(project: string, name: string): Promise<SearchCopyInfo> {
    return this.store.searchCopyInfo((await this.load(project, name)).kb.vector_database_table);
  }

  /** Which path the KB's semantic searches take now (its in-memory copy, its ANN index or its table), and why. */
  async searchPath(project: string, name: string): Promise<SearchPath | null> {
    return this.store.searchPath((await this.load(project, name)).kb.vector_database_table);
  }

  /**
   * Whether the KB's vector table has its ANN and full-text indexes, how many rows they cover, and what
   * background maintenance is doing to them.
   */
  async indexState(
    project: string,
    name: string,
  ): Promise<(IndexState & { upkeep: IndexUpkeepState }) | null> {
    return this.store.indexState((await this.load(project, name)).kb.vector_database_table);
  }

  /** Resolves when background index maintenance has finished (tests, benchmarks, shutdown). */
  async whenIdle(): Promise<void> {
    await this.store.whenIdle();
    await this.concepts.whenIdle();
  }

  /** How many chunks a KB holds. */
  async countChunks(project: string, name: string): Promise<number> {
    return this.store.count((await this.load(project, name)).kb.vector_database_table);
  }

  /** For the project tree and SHOW TABLES (ProjectObjectSource). */
  async listObjects(project: string): Promise<{ name: string; type: 'knowledge_base' }[]> {
    const rows = await this.catalog.list(await this.catalog.projectId(project));
    return rows.map((s) => ({ name: s.kb.name, type: 'knowledge_base' as const }));
  }

  /** KBs are looked up by project name and kept: a renamed project's entries would still answer its old name. */
  projectRenamed(project: { name: string }): void {
    this.lookup.forgetProject(project.name);
  }

  /**
   * Drops every KB of a project whose row is already gone (ProjectObjectSource). No KB can be created in it
   * any more (the catalog inserts only while the project exists), so one delete finds them all, including
   * any created while the drop began. Each vector table is dropped under its KB's lock, after any running
   * insert has been stopped, so that no insert writes a table after it is dropped.
   */
  async dropProjectObjects(project: { id: number; name: string }): Promise<void> {
    const removed = await this.catalog.deleteProject(project.id);
    this.lookup.forgetProject(project.name);
    // A running insert stops with a 404: its knowledge base no longer exists.
    const gone = new NotFoundError(`Project '${project.name}' was dropped, with its knowledge bases`);
    for (const { id } of removed) this.running.get(id)?.abort(gone);
    for (const { id, vector_table } of removed) {
      await this.locks.run(String(id), () => this.dropVectorTable(id, vector_table));
    }
  }

  private load(project: string, name: string): Promise<StoredKb> {
    return this.lookup.load(project, name);
  }
}
