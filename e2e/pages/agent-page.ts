import type { Locator, Page } from '@playwright/test';

/** The agent pages: list, create and edit forms, the data pickers, and the unsaved-changes dialog. */
export class AgentEditor {
  readonly name: Locator;
  readonly model: Locator;
  readonly knowledgeBases: Locator;
  readonly tables: Locator;
  readonly prompt: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Name', { exact: true });
    this.model = page.getByRole('group', { name: 'Model' });
    this.knowledgeBases = page.getByRole('group', { name: 'Knowledge bases' });
    this.tables = page.getByRole('group', { name: 'Tables' });
    this.prompt = page.getByLabel('Prompt template');
    this.status = page.getByRole('status').filter({ hasText: /^Saved/ });
  }

  async openList(project = 'mindsdb'): Promise<void> {
    await this.page.goto(`/projects/${encodeURIComponent(project)}/agents`);
  }

  async open(name: string, project = 'mindsdb'): Promise<void> {
    await this.page.goto(`/projects/${encodeURIComponent(project)}/agents/${encodeURIComponent(name)}`);
  }

  /** Picks a database and an object (or `*` for all) in a picker, then adds the entry. */
  async addEntry(picker: Locator, db: string, object: string): Promise<void> {
    await picker.getByRole('combobox').first().selectOption(db);
    const objectBox = picker.getByRole('combobox').nth(1);
    await objectBox.selectOption(object === '*' ? { index: 0 } : object);
    await picker.getByRole('button', { name: `Add ${db}.${object}` }).click();
  }

  /** The chosen entries of a picker, each with what it selects now. */
  entries(picker: Locator): Locator {
    return picker.getByRole('list', { name: /^Chosen / }).getByRole('listitem');
  }

  async setModel(provider: string, modelName: string, apiKey?: string): Promise<void> {
    await this.model.getByLabel('Provider').selectOption(provider);
    await this.model.getByLabel('Model name').fill(modelName);
    if (apiKey !== undefined) await this.model.getByLabel('API key').fill(apiKey);
  }

  async create(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create agent' }).click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }
}
