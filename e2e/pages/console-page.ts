import type { Page } from '@playwright/test';

/**
 * What every page object shares: the browser page it drives (its locators are fields built from it), and
 * opening one of a project's pages by address, each part encoded as the console's own links encode it.
 */
export abstract class ConsolePage {
  constructor(readonly page: Page) {}

  /** Opens `/projects/{project}/{...parts}`. */
  protected async visit(project: string, ...parts: string[]): Promise<void> {
    await this.page.goto(['', 'projects', project, ...parts].map(encodeURIComponent).join('/'));
  }
}
