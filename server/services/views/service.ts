import type { DuckDb } from '../../engines/duckdb';
import type { CatalogDb } from '../../engines/catalog-db';
import { nativeQuerySource, nativeQueryWithin } from '../../dialect/native-query';
import { parseStatement } from '../../dialect/parser';
import { SqlSyntaxError, tokenize } from '../../dialect/tokenizer';
import { ConflictError, ValidationError } from '../../errors';
import { whyNotInserted } from '../../store/project-names';
import type { Project, ProjectObjectSource, ProjectService } from '../projects';
import { ProjectObjects } from '../project-objects';
import { lineColumn, toEngineDialect } from '../../dialect/engine-dialect';
import { readUserSelect, RefusedFunctionError, StatementParseError } from '../../engines/table-references';
import { ViewStore, type ViewRecord } from '../../store/views';

/** A view as the REST API shows it (MindsDB's fields). */
export interface ViewInfo {
  id: number;
  name: string;
  query: string;
}

const MAX_NAME_LENGTH = 256;

const toInfo = (v: ViewRecord): ViewInfo => ({ id: v.id, name: v.name, query: v.query });

/**
 * Views of a project: saved SELECTs that can be queried like tables. They share the project's one set of
 * names with knowledge bases and agents, in any case, as MindsDB's do.
 */
export class ViewService implements ProjectObjectSource {
  private readonly objects: ProjectObjects<ViewRecord, ViewStore>;
  readonly store: ViewStore;

  constructor(
    private readonly catalog: CatalogDb,
    private readonly projects: ProjectService,
    /** The data database, whose parser checks a view's SELECT when it is saved. */
    private readonly data: DuckDb,
    /** The data sources' names: a native query to one of them is that source's text, checked by it. */
    private readonly sourceNames: () => Promise<Set<string>>,
  ) {
    this.store = new ViewStore(catalog);
    this.objects = new ProjectObjects(projects, this.store, 'View');
  }

  async listObjects(project: string) {
    return (await this.objects.list(project)).map((v) => ({ name: v.name, type: 'view' as const }));
  }

  async dropProjectObjects(project: Project): Promise<void> {
    await this.objects.dropProject(project);
  }

  async list(project: string): Promise<ViewInfo[]> {
    return (await this.objects.list(project)).map(toInfo);
  }

  async find(project: string, name: string): Promise<ViewRecord | undefined> {
    return this.objects.find(project, name);
  }

  async get(project: string, name: string): Promise<ViewInfo> {
    const { id } = await this.projects.get(project);
    const view = await this.store.find(id, name);
    if (!view) throw this.objects.notFound(project, name);
    return toInfo(view);
  }

  /** Creates a view; with `orReplace` an existing view of that name gets the new query instead. */
  async create(
    project: string,
    name: string,
    query: unknown,
    { orReplace = false, ifNotExists = false } = {},
  ): Promise<{ view: ViewInfo; created: boolean } | undefined> {
    const p = await this.projects.get(project);
    checkName(name);
    const text = await this.checkQuery(query);
    const existing = await this.store.find(p.id, name);
    if (existing) {
      if (orReplace) {
        await this.store.updateQuery(existing.id, text);
        return { view: { ...toInfo(existing), query: text }, created: false };
      }
      if (ifNotExists) return undefined;
      throw new ConflictError(`View '${existing.name}' already exists in project '${project}'`, 'name');
    }
    // One set of names per project (see project-names.ts): the insert decides, and says why when it did not.
    if (!(await this.store.insert(p.id, name, text)))
      throw await whyNotInserted(this.catalog, 'view', p, name);
    return { view: toInfo((await this.store.find(p.id, name))!), created: true };
  }

  /** Changes a view's query (REST PUT). */
  async update(project: string, name: string, query: unknown): Promise<ViewInfo> {
    const view = await this.get(project, name);
    const text = await this.checkQuery(query);
    await this.store.updateQuery(view.id, text);
    return { ...view, query: text };
  }

  async drop(project: string, name: string, { ifExists = false } = {}): Promise<boolean> {
    return this.objects.drop(project, name, ifExists);
  }

  /**
   * The query must be one SELECT of our dialect that the engine can parse and the check of user SQL accepts (a
   * view is only ever read through them); a syntax error or a refused function names its line and column.
   */
  private async checkQuery(query: unknown): Promise<string> {
    if (typeof query !== 'string' || !query.trim())
      throw new ValidationError('A view needs a query: a SELECT statement', 'query');
    const text = query.trim().replace(/;\s*$/, '');
    let statement;
    try {
      statement = parseStatement(text);
    } catch (err) {
      if (err instanceof SqlSyntaxError) throw queryError(err.message, err.line, err.column);
      throw err;
    }
    if (statement.kind !== 'select') throw new ValidationError("A view's query must be a SELECT", 'query');
    // A native query is the data source's own text: the source reads it when the view is read. The same
    // shape naming anything else (a table function) is checked as any SELECT.
    const source = nativeQuerySource(statement.sql);
    if (source !== undefined && (await this.sourceNames()).has(source)) return text;
    const native = nativeQueryWithin(tokenize(statement.sql));
    if (native) {
      const why = (await this.sourceNames()).has(native.source)
        ? `a native query is written alone: SELECT * FROM ${native.source} (...)`
        : `'${native.source}' is not a data source, and FROM ${native.source} (...) holds a native query for one ` +
          `(connect it with CREATE DATABASE ${native.source} WITH ENGINE = ..., PARAMETERS = ...)`;
      throw new ValidationError(`The view's query is refused: ${why}`, 'query');
    }
    const engineText = toEngineDialect(statement.sql);
    try {
      await readUserSelect(this.data, engineText);
    } catch (err) {
      if (err instanceof RefusedFunctionError) {
        const at = lineColumn(engineText, err.offset);
        throw new ValidationError(
          `The view's query is refused (line ${at.line}, column ${at.column}): ${err.message}`,
          'query',
        );
      }
      if (!(err instanceof StatementParseError)) throw err;
      const at = err.position === undefined ? undefined : lineColumn(engineText, err.position);
      throw queryError(err.message, at?.line, at?.column);
    }
    return text;
  }
}

function queryError(message: string, line?: number, column?: number): ValidationError {
  const where = line === undefined ? '' : ` (line ${line}, column ${column})`;
  return new ValidationError(`The view's query does not parse${where}: ${message}`, 'query');
}

function checkName(name: string): void {
  if (typeof name !== 'string' || !name.trim()) throw new ValidationError('A view needs a name', 'name');
  if (name.length > MAX_NAME_LENGTH)
    throw new ValidationError(`A view's name may have at most ${MAX_NAME_LENGTH} characters`, 'name');
}
