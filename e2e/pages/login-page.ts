import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Log in' });
  }

  async login(username: string, password: string): Promise<void> {
    await this.form.getByLabel('Username').fill(username);
    await this.form.getByLabel('Password').fill(password);
    await this.form.getByRole('button', { name: /Log in/ }).click();
  }
}
