import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page';

/** The agent pages: list, create and edit forms, the data pickers, and the unsaved-changes dialog. */
export class AgentEditor extends ConsolePage {
  readonly name = this.page.getByLabel('Name', { exact: true });
  readonly model = this.page.getByRole('group', { name: 'Model' });
  readonly knowledgeBases = this.page.getByRole('group', { name: 'Knowledge bases' });
  readonly tables = this.page.getByRole('group', { name: 'Tables' });
  readonly prompt = this.page.getByLabel('Prompt template');
  readonly status = this.page.getByRole('status').filter({ hasText: /^Saved/ });

  async openList(project = 'mindsdb'): Promise<void> {
    await this.visit(project, 'agents');
  }

  async open(name: string, project = 'mindsdb'): Promise<void> {
    await this.visit(project, 'agents', name);
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
