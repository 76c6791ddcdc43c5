import { isSourceEngine, openSourceClient, SOURCE_ENGINES } from '../../engines/sources/connect';
import { refuseSystemChange, refuseSystemName } from '../../domain/system-databases';
import {
  SourceError,
  type SourceClient,
  type SourceColumn,
  type SourceQueryOptions,
  type SourceStreamOptions,
  type SourceQueryResult,
  type SourceTable,
} from '../../engines/sources/types';
import type { CatalogDb } from '../../engines/catalog-db';
import type { Literal } from '../../dialect/ast';
import {
  ConflictError,
  NotFoundError,
  UpstreamError,
  ValidationError,
  type ServiceError,
} from '../../errors';
import { type ProjectService } from '../projects';
import { mergeParameters, presentSource, type SourceView } from './presenter';
import { SourceStore, type StoredSource } from '../../store/data-sources';
import { KbSources } from '../../store/kb-sources';

/** A data source's connection parameters, as given in CREATE DATABASE ... PARAMETERS or over REST. */
export type SourceParameters = Record<string, Literal>;

export type { SourceView } from './presenter';

/** A source's name is written bare in SQL (`shop.orders`): a plain identifier. */
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Failures of a source become service errors (the SQL router and the routes word them), never stacks. */
function asServiceError(err: unknown, Kind: new (m: string, field?: string) => ServiceError): unknown {
  return err instanceof SourceError ? new Kind(err.message, 'parameters') : err;
}

/** A row's identity and last change: a source dropped and created again, or altered, differs. */
const rowVersion = (row: StoredSource) => `${row.id} ${row.updated_at}`;

/**
 * External databases connected with CREATE DATABASE ... WITH ENGINE: their catalog entries, and one bounded
 * connection pool per source, opened on first use and closed when the source is altered or dropped.
 */
export class DataSourceService {
  private readonly store: SourceStore;
  /** Which KBs were loaded from each source: a dropped source's are forgotten with it. */
  private readonly kbSources: KbSources;
  private readonly clients = new Map<string, Promise<SourceClient>>();
  /** Which version of its catalog row each open connection was made from (see `client`). */
  private readonly openedFrom = new Map<string, string>();
  private readonly sharedCatalog: boolean;

  constructor(
    catalog: CatalogDb,
    private readonly projects: ProjectService,
    /** How long a statement may run on a source before it is cancelled there (the SQL endpoint's limit). */
    readonly timeoutMs: number,
    /** How long connecting to a source may take (the engines' CONNECT_TIMEOUT_MS when unset). */
    private readonly connectTimeoutMs?: number,
  ) {
    this.store = new SourceStore(catalog);
    this.kbSources = new KbSources(catalog);
    this.sharedCatalog = catalog.shared;
  }

  async list(): Promise<SourceView[]> {
    return (await this.store.list()).map(presentSource);
  }

  /** The sources' names alone: asked by every SELECT, so without masking each source's parameters. */
  async names(): Promise<Set<string>> {
    return new Set((await this.store.list()).map((s) => s.name));
  }

  async find(name: string): Promise<SourceView | undefined> {
    const stored = await this.store.find(name);
    return stored && presentSource(stored);
  }

  async get(name: string): Promise<SourceView> {
    const found = await this.find(name);
    if (!found) throw new NotFoundError(`Database '${name}' does not exist`);
    return found;
  }

  /** Connects with the parameters and runs a trivial query; throws a ValidationError naming the cause. */
  async test(engine: string, parameters: Record<string, Literal>): Promise<void> {
    const client = await this.connect(engine, parameters);
    await client.close();
  }

  /**
   * Tries a saved source's parameters with `changes` merged over them (as `alter` would save them, a secret
   * sent back as the mask keeping the stored one), saving nothing: a form that edits a source never holds its
   * password, and can still test the edit before saving it.
   */
  async testChanges(name: string, changes: Record<string, Literal>): Promise<void> {
    const stored = await this.store.find(name);
    if (!stored) throw new NotFoundError(`Database '${name}' does not exist`);
    await this.test(stored.engine, mergeParameters(stored.parameters, changes));
  }

  /** Creates a source once a connection with its parameters works; nothing is saved otherwise. */
  async create(
    name: string,
    engine: string,
    parameters: Record<string, Literal>,
    { ifNotExists = false } = {},
  ): Promise<boolean> {
    refuseSystemName(name, 'name');
    if (!NAME.test(name)) {
      throw new ValidationError(
        `'${name}' cannot name a database: use lower-case letters, digits and '_' (it is written bare in SQL)`,
        'name',
      );
    }
    if ((await this.store.find(name)) || (await this.projects.find(name))) {
      if (ifNotExists && (await this.store.find(name))) return false;
      throw new ConflictError(`Database '${name}' already exists`, 'name');
    }
    const client = await this.connect(engine, parameters);
    await client.close();
    try {
      await this.store.insert(name, engine, parameters);
    } catch (err) {
      // Two creates of one name at once: the catalog's unique name decides.
      if (await this.store.find(name)) throw new ConflictError(`Database '${name}' already exists`, 'name');
      throw err;
    }
    return true;
  }

  /**
   * CREATE OR REPLACE DATABASE: the source of that name takes this engine and these parameters (none of the
   * old ones kept), once a connection with them works; until then the old source stays as it was. A name
   * held by a project is not replaced.
   */
  async replace(name: string, engine: string, parameters: Record<string, Literal>): Promise<void> {
    const stored = await this.store.find(name);
    if (!stored) {
      await this.create(name, engine, parameters);
      return;
    }
    const client = await this.connect(engine, parameters);
    await client.close();
    await this.store.delete(stored.name);
    await this.closeClient(stored.name);
    await this.store.insert(stored.name, engine, parameters);
  }

  /** New parameters (merged over the stored ones), used from now on once a connection with them works. */
  async alter(name: string, changes: Record<string, Literal>): Promise<SourceView> {
    refuseSystemChange(name, 'altered');
    const stored = await this.store.find(name);
    if (!stored) throw new NotFoundError(`Database '${name}' does not exist`);
    const parameters = mergeParameters(stored.parameters, changes);
    const client = await this.connect(stored.engine, parameters);
    await client.close();
    await this.store.update(stored.name, parameters);
    await this.closeClient(stored.name);
    return this.get(stored.name);
  }

  async drop(name: string, { ifExists = false } = {}): Promise<boolean> {
    refuseSystemChange(name, 'dropped');
    // Names are case-insensitive: the connection to close is kept under the stored spelling.
    const stored = await this.store.find(name);
    if (!stored || !(await this.store.delete(stored.name))) {
      if (ifExists) return false;
      throw new NotFoundError(`Database '${name}' does not exist`);
    }
    await this.kbSources.forgetSource(stored.name);
    await this.closeClient(stored.name);
    return true;
  }

  async tables(name: string): Promise<SourceTable[]> {
    const client = await this.client(name);
    try {
      return await client.listTables();
    } catch (err) {
      throw asServiceError(err, UpstreamError);
    }
  }

  async columns(name: string, schema: string, table: string): Promise<SourceColumn[]> {
    const client = await this.client(name);
    try {
      return await client.listColumns(schema, table);
    } catch (err) {
      throw asServiceError(err, UpstreamError);
    }
  }

  /** Runs a statement in the source's own dialect (already rendered), bounded by the options' time limit. */
  async query(name: string, sql: string, options: SourceQueryOptions): Promise<SourceQueryResult> {
    const client = await this.client(name);
    try {
      return await client.query(sql, options);
    } catch (err) {
      throw asServiceError(err, UpstreamError);
    }
  }

  /** Reads a statement's rows page by page (see `SourceClient.stream`), its errors worded as `query`'s. */
  async *stream(name: string, sql: string, options: SourceStreamOptions): AsyncGenerator<SourceQueryResult> {
    const client = await this.client(name);
    try {
      yield* client.stream(sql, options);
    } catch (err) {
      throw asServiceError(err, UpstreamError);
    }
  }

  async dialect(name: string) {
    return (await this.client(name)).dialect;
  }

  /** Connections open to a source now: tests check that the pool stays bounded. */
  async openConnections(name: string): Promise<number> {
    return (await this.client(name)).openConnections();
  }

  async close(): Promise<void> {
    for (const name of [...this.clients.keys()]) await this.closeClient(name);
  }

  /**
   * The open connection to a source, kept under its stored name (any spelling of the name finds it). On a
   * catalog other servers share, the source's row is read on every use: one altered there is connected to
   * again with its new parameters, one dropped there is closed here.
   */
  private async client(name: string): Promise<SourceClient> {
    let key: string | undefined = this.clients.has(name) ? name : undefined;
    if (key === undefined || this.sharedCatalog) {
      const stored = await this.store.find(name);
      if (!stored) {
        if (key !== undefined) await this.closeClient(key);
        throw new NotFoundError(`Database '${name}' does not exist`);
      }
      key = stored.name;
      if (this.clients.has(key) && this.openedFrom.get(key) !== rowVersion(stored))
        await this.closeClient(key);
    }
    const found = key;
    let client = this.clients.get(found);
    if (!client) {
      client = (async () => {
        const stored = await this.store.find(found);
        if (!stored) throw new NotFoundError(`Database '${name}' does not exist`);
        if (!isSourceEngine(stored.engine)) throw new ValidationError(`Unknown engine '${stored.engine}'`);
        this.openedFrom.set(found, rowVersion(stored));
        try {
          return await openSourceClient(stored.engine, stored.parameters, found, this.connectTimeoutMs);
        } catch (err) {
          throw asServiceError(err, UpstreamError);
        }
      })();
      this.clients.set(found, client);
      // A failed open is not kept: the next query tries again.
      client.catch(() => this.clients.delete(found));
    }
    return client;
  }

  private async closeClient(name: string): Promise<void> {
    const client = this.clients.get(name);
    this.clients.delete(name);
    this.openedFrom.delete(name);
    if (client) await (await client.catch(() => undefined))?.close();
  }

  private async connect(engine: string, parameters: Record<string, Literal>): Promise<SourceClient> {
    if (!isSourceEngine(engine)) {
      throw new ValidationError(
        `Unknown engine '${engine}': use one of ${SOURCE_ENGINES.join(', ')}`,
        'engine',
      );
    }
    if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) {
      throw new ValidationError('PARAMETERS must be an object', 'parameters');
    }
    let client: SourceClient | undefined;
    try {
      client = await openSourceClient(engine, parameters, undefined, this.connectTimeoutMs);
      await client.check();
      return client;
    } catch (err) {
      await client?.close();
      throw asServiceError(err, ValidationError);
    }
  }
}
