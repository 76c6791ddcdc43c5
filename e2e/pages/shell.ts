import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page';

/** The app shell: header, object browser and upload dialog. */
export class Shell extends ConsolePage {
  readonly browser = this.page.getByRole('navigation', { name: 'Object browser' });

  /** A database's row of the tree (its tables, KBs and agents are rows of the next level). */
  database(name: string): Locator {
    return this.browser.getByRole('treeitem', { name, exact: false });
  }

  async uploadFile(
    tableName: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void> {
    await this.browser.getByRole('button', { name: 'Upload file' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Upload a file' });
    await dialog.getByLabel('File', { exact: true }).setInputFiles(file);
    await dialog.getByLabel('Table name').fill(tableName);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    // The e2e server is shared by the specs of a worker: another spec may have made this table already, and
    // the console then asks before replacing it. This upload means to replace it.
    const ready = dialog.getByRole('status').getByText(`files.${tableName} is ready.`);
    const replace = this.page.getByRole('dialog', { name: `Replace table files.${tableName}?` });
    await ready.or(replace).first().waitFor();
    if (await replace.isVisible()) await replace.getByRole('button', { name: 'Replace' }).click();
    await ready.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
}
