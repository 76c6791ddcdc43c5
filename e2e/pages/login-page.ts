import { ConsolePage } from './console-page';

export class LoginPage extends ConsolePage {
  readonly form = this.page.getByRole('form', { name: 'Log in' });

  async login(username: string, password: string): Promise<void> {
    await this.form.getByLabel('Username').fill(username);
    await this.form.getByLabel('Password').fill(password);
    await this.form.getByRole('button', { name: /Log in/ }).click();
  }
}
