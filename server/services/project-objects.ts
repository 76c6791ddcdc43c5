import { NotFoundError } from '../errors';
import type { Project, ProjectService } from './projects';

/** What the store of one kind of project object (agents, views, jobs) answers alike. */
export interface ProjectObjectStore<R> {
  list(projectId: number): Promise<R[]>;
  find(projectId: number, name: string): Promise<R | undefined>;
  removeProject(projectId: number): Promise<void>;
}

/** A store whose `remove` says whether the row was still there. */
export interface RemovingStore<R> extends ProjectObjectStore<R> {
  remove(id: number): Promise<boolean>;
}

/**
 * The lookups by project and name that every kind of project object makes alike, and the 404 that names a
 * missing one ("View 'v' does not exist in project 'p'").
 */
export class ProjectObjects<
  R extends { id: number },
  S extends ProjectObjectStore<R> = ProjectObjectStore<R>,
> {
  constructor(
    private readonly projects: ProjectService,
    private readonly store: S,
    /** The kind, capitalised, as errors name it: 'Agent', 'View', 'Job'. */
    private readonly noun: string,
  ) {}

  /** The objects of a project; a 404 when the project does not exist. */
  async list(project: string): Promise<R[]> {
    return this.store.list((await this.projects.get(project)).id);
  }

  /** The object, or undefined when it or its project does not exist. */
  async find(project: string, name: string): Promise<R | undefined> {
    const found = await this.projects.find(project);
    return found ? this.store.find(found.id, name) : undefined;
  }

  notFound(project: string, name: string): NotFoundError {
    return new NotFoundError(`${this.noun} '${name}' does not exist in project '${project}'`);
  }

  /** Removes the object; a missing one is false with `ifExists`, else a 404 (also when the project is missing). */
  async drop(this: ProjectObjects<R, RemovingStore<R>>, project: string, name: string, ifExists: boolean) {
    const p = await this.projects.get(project);
    const found = await this.store.find(p.id, name);
    if (!found || !(await this.store.remove(found.id))) {
      if (ifExists) return false;
      throw this.notFound(project, name);
    }
    return true;
  }

  /** Removes every object of a project whose row is already gone (ProjectObjectSource). */
  async dropProject(project: Project): Promise<void> {
    await this.store.removeProject(project.id);
  }
}
