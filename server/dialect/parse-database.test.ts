import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';
import { SqlSyntaxError } from './tokenizer';

describe('CREATE / ALTER DATABASE for data sources', () => {
  it("reads MindsDB's forms, with or without WITH and the comma", () => {
    const full = `CREATE DATABASE shop WITH ENGINE = 'postgres', PARAMETERS = {"host": "h", "port": 5432}`;
    expect(parseStatement(full)).toEqual({
      kind: 'create_database',
      name: 'shop',
      orReplace: false,
      ifNotExists: false,
      engine: 'postgres',
      params: { host: 'h', port: 5432 },
    });
    expect(
      parseStatement(`CREATE DATABASE IF NOT EXISTS Shop ENGINE = "MySQL" PARAMETERS = {}`),
    ).toMatchObject({
      kind: 'create_database',
      name: 'shop',
      ifNotExists: true,
      engine: 'mysql',
      params: {},
    });
    expect(parseStatement(`ALTER DATABASE shop PARAMETERS = {"password": "x"}`)).toEqual({
      kind: 'alter_database',
      name: 'shop',
      params: { password: 'x' },
    });
    expect(parseStatement(`ALTER DATABASE shop {"user": "u"}`)).toMatchObject({ params: { user: 'u' } });
  });

  it('reads CREATE OR REPLACE DATABASE and USING ENGINE, as MindsDB writes them', () => {
    expect(
      parseStatement(`CREATE OR REPLACE DATABASE shop USING ENGINE = 'postgres', PARAMETERS = {"host": "h"}`),
    ).toMatchObject({ kind: 'create_database', name: 'shop', orReplace: true, engine: 'postgres' });
    expect(parseStatement(`create or replace database s engine 'mysql'`)).toMatchObject({
      orReplace: true,
      engine: 'mysql',
      params: {},
    });
  });

  it('reads DROP SCHEMA and DROP DATASOURCE as DROP DATABASE', () => {
    expect(parseStatement('DROP SCHEMA IF EXISTS shop')).toMatchObject({
      kind: 'drop_project',
      name: 'shop',
      ifExists: true,
    });
    expect(parseStatement('DROP DATASOURCE shop')).toMatchObject({ kind: 'drop_project', name: 'shop' });
  });

  it('keeps CREATE DATABASE without an engine a project, and DROP DATABASE shared with projects', () => {
    expect(parseStatement('CREATE DATABASE sales')).toMatchObject({ kind: 'create_project', name: 'sales' });
    expect(parseStatement('DROP DATABASE shop')).toMatchObject({ kind: 'drop_project', name: 'shop' });
  });

  it('refuses parameters that are not an object, and a missing engine name', () => {
    expect(() => parseStatement(`CREATE DATABASE s WITH ENGINE = 'postgres', PARAMETERS = [1]`)).toThrow(
      SqlSyntaxError,
    );
    expect(() => parseStatement(`CREATE DATABASE s WITH ENGINE = , PARAMETERS = {}`)).toThrow(/engine name/);
    expect(() => parseStatement(`ALTER DATABASE s`)).toThrow(/PARAMETERS/);
  });
});
