import type { Page } from '@playwright/test';

/** The SQL editor of a form field (the worksheet's editor, named by its label). */
export const sqlField = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

/** Replaces what a SQL field holds, as a paste would (no auto-closed brackets, no completion popups). */
export async function fillSqlField(page: Page, label: string, sql: string): Promise<void> {
  await sqlField(page, label).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}
