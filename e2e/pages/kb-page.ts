import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page';

export interface ModelChoice {
  provider: string;
  modelName?: string;
  baseUrl?: string;
  apiKey?: string;
}

/** The knowledge base pages: list, create form, and a KB's settings, load and search tabs. */
export class KnowledgeBasePages extends ConsolePage {
  readonly embedding = this.page.getByRole('group', { name: 'Embedding model' });
  readonly loadProgress = this.page.getByRole('progressbar', { name: 'Load progress' });
  readonly results = this.page.getByRole('list', { name: 'Search results' }).getByRole('article');
  readonly saved = this.page.getByRole('status').filter({ hasText: /^Saved/ });
  readonly status = this.page.getByRole('region', { name: 'Knowledge base status' });
  readonly documentsPager = this.page.getByRole('navigation', { name: 'Pages of documents' });

  async openList(project = 'mindsdb'): Promise<void> {
    await this.visit(project, 'knowledge-bases');
  }

  /** Opens a KB's page on one of its tabs (`load`, `contents`, ...). */
  async open(name: string, tab = 'settings', project = 'mindsdb'): Promise<void> {
    await this.page.goto(
      `/projects/${encodeURIComponent(project)}/knowledge-bases/${encodeURIComponent(name)}?tab=${tab}`,
    );
  }

  tab(name: 'Settings' | 'Load data' | 'Contents' | 'Try a search' | 'Evaluate'): Locator {
    return this.page.getByRole('tab', { name });
  }

  async setModel(group: Locator, model: ModelChoice): Promise<void> {
    await group.getByLabel('Provider').selectOption(model.provider);
    if (model.modelName !== undefined) await group.getByLabel('Model name').fill(model.modelName);
    if (model.baseUrl !== undefined) await group.getByLabel('Base URL').fill(model.baseUrl);
    if (model.apiKey !== undefined) await group.getByLabel('API key').fill(model.apiKey);
  }

  /** Fills the create form and submits it; the page then opens the new KB's load tab. */
  async create(name: string, embedding: ModelChoice): Promise<void> {
    await this.page.getByRole('link', { name: 'New knowledge base' }).click();
    await this.page.getByLabel('Name', { exact: true }).fill(name);
    await this.setModel(this.embedding, embedding);
    await this.page.getByRole('button', { name: 'Create knowledge base' }).click();
  }

  /** Uploads a file as a table of files from the load tab; the table is then chosen as the source. */
  async uploadSource(
    file: { name: string; mimeType: string; buffer: Buffer },
    tableName: string,
  ): Promise<void> {
    await this.page.getByRole('radio', { name: 'Upload a file' }).check();
    const form = this.page.getByRole('form', { name: 'Upload a file' });
    await form.getByLabel('File').setInputFiles(file);
    await form.getByLabel('Table name').fill(tableName);
    await form.getByRole('button', { name: 'Upload' }).click();
  }

  mappingFor(role: string, column: string): Locator {
    return this.page.getByRole('combobox', { name: `Source of ${role} ${column}` });
  }

  loadButton(): Locator {
    return this.page.getByRole('button', { name: /^Load / });
  }

  /** Types a new key into a model's API key field and saves through the change review. */
  async replaceKey(group: Locator, key: string): Promise<Locator> {
    await group.getByLabel('API key').fill(key);
    await this.page.getByRole('button', { name: 'Review and save…' }).click();
    return this.page.getByRole('dialog', { name: /^Save changes to / });
  }

  async search(query: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Query' }).fill(query);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  sqlThatRan(): Locator {
    return this.page.getByLabel('SQL that ran');
  }

  deleteDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: `Delete knowledge base ${name}?` });
  }
}
