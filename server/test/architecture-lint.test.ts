import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layering rules of eslint.architecture.js, proven to fire: each case lints a one-line import as if it
// stood in a file of the repository, with the repository's own ESLint configuration.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

async function layerErrors(file: string, from: string): Promise<string[]> {
  const code = `import * as imported from '${from}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('architecture lint', () => {
  it.each([
    [
      'a console feature importing another feature',
      'src/features/chat/probe.ts',
      '../agents/agent-draft',
      /another feature/,
    ],
    ['the console importing the server', 'src/lib/probe.ts', '../../server/errors', /over HTTP only/],
    [
      'the server importing the console',
      'server/probe.ts',
      '../src/api/client',
      /does not import the console/,
    ],
    [
      'a service importing a route',
      'server/services/probe.ts',
      '../routes/errors',
      /does not import a route/,
    ],
    [
      'an engine importing a service',
      'server/engines/probe.ts',
      '../services/projects',
      /does not import a service/,
    ],
    ['protocol importing the console', 'protocol/probe.ts', '../src/api/client', /imports neither/],
    ['protocol importing the server', 'protocol/probe.ts', '../server/errors', /imports neither/],
  ])('refuses %s', async (_name, file, from, message) => {
    const errors = await layerErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['a feature importing its own files', 'src/features/chat/probe.ts', './chat-page'],
    [
      'a feature importing shared components',
      'src/features/chat/probe.ts',
      '../../components/unsaved-changes-guard',
    ],
    ['a route importing a service', 'server/routes/probe.ts', '../services/projects'],
    ['both sides importing protocol', 'server/probe.ts', '../protocol/sse'],
  ])('allows %s', async (_name, file, from) => {
    expect(await layerErrors(file, from)).toEqual([]);
  });
});

// Only server/engines and server/store take DuckDB itself (eslint.architecture.js, engineImportRestrictions).
async function engineErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, {
    filePath: path.join(root, file),
  });
  return result.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

const duckDbClass = (up: string) => `import { DuckDb as imported } from '${up}/engines/duckdb';`;
const DRIVER = `import { DuckDBInstance as imported } from '@duckdb/node-api';`;

describe('engine imports', () => {
  it.each([
    ['a service importing the DuckDb class', 'server/services/probe.ts', duckDbClass('..')],
    ['a deeper one', 'server/services/knowledge-bases/evaluate/probe.ts', duckDbClass('../../..')],
    ['a route importing the DuckDB driver', 'server/routes/probe.ts', DRIVER],
  ])('refuses %s', async (_name, file, code) => {
    const errors = await engineErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Only server\/engines and server\/store open DuckDB/);
  });

  it.each([
    [
      'a service taking an engine as a type',
      'server/services/probe.ts',
      `import type { DuckDb as imported } from '../engines/duckdb';`,
    ],
    [
      'a service using a helper',
      'server/services/probe.ts',
      `import { quoteIdent as imported } from '../engines/duckdb';`,
    ],
    ['a store opening an engine', 'server/store/probe.ts', duckDbClass('..')],
    ['an engine using the driver', 'server/engines/probe.ts', DRIVER],
  ])('allows %s', async (_name, file, code) => {
    expect(await engineErrors(file, code)).toEqual([]);
  });
});
