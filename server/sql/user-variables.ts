import type { Literal } from '../dialect/ast';

/**
 * MySQL's user variables (`SET @name = value`), which MindsDB keeps for later statements (`USING api_key =
 * @my_key`, `SELECT @name`). Kept in this server's memory: they last until it stops, and are not shared
 * with other servers of a shared catalog (see docs/mindsdb-compatibility.md).
 */
export class UserVariables {
  private readonly values = new Map<string, Literal>();

  set(name: string, value: Literal): void {
    this.values.set(name.toLowerCase(), value);
  }

  get(name: string): Literal | undefined {
    return this.values.get(name.toLowerCase());
  }
}
