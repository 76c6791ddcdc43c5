import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ConsolePage } from './console-page';

/** The SQL worksheet: worksheet tabs, the editor, its toolbar, result tabs and the result grid. */
export class WorksheetPage extends ConsolePage {
  readonly editor = this.page.getByRole('textbox', { name: 'SQL editor' });
  readonly runButton = this.page.getByRole('button', { name: 'Run', exact: true });
  readonly runAllButton = this.page.getByRole('button', { name: 'Run all' });
  readonly stopButton = this.page.getByRole('button', { name: 'Stop' }).first();
  readonly worksheetTabs = this.page.getByRole('tablist', { name: 'Worksheets' });
  readonly results = this.page.getByRole('region', { name: 'Results' });
  readonly resultTabs = this.results.getByRole('tablist', { name: 'Statement results' });
  readonly grid = this.results
    .getByRole('region', { name: 'Result rows' })
    .getByRole('treegrid')
    .or(this.results.getByRole('region', { name: 'Result rows' }).getByRole('grid'));
  readonly viewer = this.page.getByRole('complementary', { name: 'Value viewer' });
  readonly history = this.page.getByRole('complementary', { name: 'History' });

  async goto(project = 'mindsdb'): Promise<void> {
    await this.visit(project, 'worksheet');
    await this.editor.waitFor();
  }

  /** Replaces the worksheet text, as a paste would (no auto-closed brackets, no completion popups). */
  async setSql(sql: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(sql);
  }

  /** Puts the cursor at the end of the first line containing `text`. */
  async cursorAfter(text: string): Promise<void> {
    await this.editor.locator('.cm-line', { hasText: text }).first().click();
    await this.page.keyboard.press('End');
  }

  /** Replaces the worksheet text with one statement and runs it. */
  async run(sql: string): Promise<void> {
    await this.setSql(sql);
    await this.runCurrent();
  }

  async runCurrent(): Promise<void> {
    await this.editor.press('ControlOrMeta+Enter');
  }

  async runAll(): Promise<void> {
    await this.editor.press('Shift+ControlOrMeta+Enter');
  }

  resultTab(index: number): Locator {
    return this.resultTabs.getByRole('tab').nth(index);
  }

  /** The result toolbar's status: "3 rows · 12 ms". */
  get status(): Locator {
    return this.results.getByRole('status').first();
  }

  columnHeader(name: string): Locator {
    return this.grid.getByRole('columnheader', { name, exact: true });
  }

  /**
   * A data cell by displayed row (0-based, after sort and filter) and result column (0-based), found by its
   * row and column ids: the grid draws only the rows and columns on screen, in no fixed DOM order.
   */
  cell(row: number, column: number): Locator {
    return this.grid.locator(`[role="row"][row-index="${row}"] [role="gridcell"][col-id="c${column}"]`);
  }

  rowNumberCell(row: number): Locator {
    return this.grid.locator(`[role="row"][row-index="${row}"] [role="gridcell"][col-id="row-number"]`);
  }
}

export async function openWorksheet(page: Page, project = 'mindsdb'): Promise<WorksheetPage> {
  const ws = new WorksheetPage(page);
  await ws.goto(project);
  return ws;
}

/** Uploads CSV text as the table `files.<name>` through the API. */
export async function uploadCsv(request: APIRequestContext, name: string, csv: string): Promise<void> {
  const response = await request.put(`/api/files/${name}?replace=true`, {
    multipart: { file: { name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  if (!response.ok())
    throw new Error(`upload of ${name} failed: ${response.status()} ${await response.text()}`);
}

/**
 * Fails each test that logs an error or a grid message in the browser: a grid feature whose module is not
 * registered fails only at run time, with nothing but a console message to show for it.
 */
export function watchForProblems(
  test: { beforeEach: (fn: (args: { page: Page }) => void) => void; afterEach: (fn: () => void) => void },
  expect: (value: unknown) => { toEqual: (expected: unknown) => void },
): void {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /AG Grid/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
  });
  test.afterEach(() => expect(problems).toEqual([]));
}
