import type { CatalogDb } from '../engines/catalog-db';
import { ConflictError, ValidationError } from '../errors';
import { projectNotFound, refuseSystemChange, refuseSystemName } from '../domain/system-databases';
import { ProjectStore, type Project } from '../store/projects';
import { formatTimestamp } from '../util/time';

export type { Project };

export const DEFAULT_PROJECT = 'mindsdb';

/** What SHOW FULL TABLES calls each kind of object (upper-cased as its Table_type). */
export type ProjectObjectType = 'knowledge_base' | 'agent' | 'view';

/** Things that live in a project (knowledge bases, agents) announce themselves to the tree and SHOW TABLES. */
export interface ProjectObjectSource {
  listObjects(project: string): Promise<{ name: string; type: ProjectObjectType }[]>;
  /**
   * Removes everything the source holds for a dropped project. Called after the project's row is deleted:
   * sources create objects only while their project exists, so nothing can be added after this runs.
   */
  dropProjectObjects?(project: Project): Promise<void>;
  /** Forgets what the source keeps by the project's old name (its objects follow the project by id). */
  projectRenamed?(project: Project): void;
}

export class ProjectService {
  private readonly objectSources: ProjectObjectSource[] = [];
  private readonly store: ProjectStore;

  constructor(catalog: CatalogDb) {
    this.store = new ProjectStore(catalog);
  }

  addObjectSource(source: ProjectObjectSource): void {
    this.objectSources.push(source);
  }

  async ensureDefault(): Promise<void> {
    if (!(await this.find(DEFAULT_PROJECT))) await this.create(DEFAULT_PROJECT);
  }

  async list(): Promise<Project[]> {
    return this.store.list();
  }

  /** Any case, as MindsDB; the exact spelling first where an older data folder holds case twins. */
  async find(name: string): Promise<Project | undefined> {
    return this.store.find(name);
  }

  async get(name: string): Promise<Project> {
    const project = await this.find(name);
    if (!project) throw projectNotFound(name);
    return project;
  }

  async create(name: string, { ifNotExists = false } = {}): Promise<Project | undefined> {
    if (!name.trim()) throw new ValidationError('A project needs a name', 'name');
    refuseSystemName(name, 'name');
    if (await this.find(name)) {
      if (ifNotExists) return undefined;
      throw new ConflictError(`Project '${name}' already exists`);
    }
    await this.store.insert(name, formatTimestamp());
    return this.get(name);
  }

  async drop(name: string, { ifExists = false } = {}): Promise<boolean> {
    refuseSystemChange(name, 'dropped');
    const project = await this.find(name);
    if (project?.name === DEFAULT_PROJECT)
      throw new ValidationError(`The default project '${project.name}' cannot be dropped`);
    // The row goes first: from then on no knowledge base or agent can be created in the project (their
    // inserts require it), so the sources' clean-up below finds everything, even objects whose create
    // raced this drop. A crash in between leaves rows and tables that start-up removes.
    if (!project || !(await this.store.delete(project.id))) {
      if (ifExists) return false;
      throw projectNotFound(name);
    }
    for (const source of this.objectSources) await source.dropProjectObjects?.(project);
    return true;
  }

  /**
   * A new name for a project, as MindsDB's `ALTER DATABASE p NAME = 'new'`. What names the project by its
   * old name (an agent's `p.kb`, a view's `p.table`, a statement) is not rewritten, as in MindsDB. The default
   * project keeps its name: it is made again under that name at each start.
   */
  async rename(name: string, newName: string): Promise<Project> {
    refuseSystemChange(name, 'altered');
    if (!newName.trim()) throw new ValidationError('A project needs a name', 'name');
    refuseSystemName(newName, 'name');
    const project = await this.get(name);
    if (project.name === DEFAULT_PROJECT)
      throw new ValidationError(`The default project '${project.name}' cannot be renamed`);
    const holder = await this.find(newName);
    if (holder && holder.id !== project.id) throw new ConflictError(`Project '${newName}' already exists`);
    if (!(await this.store.rename(project.id, newName))) throw projectNotFound(name);
    for (const source of this.objectSources) source.projectRenamed?.(project);
    return this.get(newName);
  }

  /** Knowledge bases and agents of a project, from every registered source. */
  async objects(project: string): Promise<{ name: string; type: ProjectObjectType }[]> {
    await this.get(project);
    const lists = await Promise.all(this.objectSources.map((s) => s.listObjects(project)));
    return lists.flat();
  }
}
