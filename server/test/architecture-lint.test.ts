import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FLOORS } from '../../eslint.architecture.js';

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
  // The probes are not files on disk, which import/no-cycle needs: it is proven on real files below.
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
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
    ['a service importing a route', 'server/services/probe.ts', '../routes/errors', /services .* sits below/],
    [
      'an engine importing a service',
      'server/engines/probe.ts',
      '../services/projects',
      /engines .* sits below/,
    ],
    ['a route importing a store', 'server/routes/probe.ts', '../store/jobs', /only through services/],
    ['a route importing the parser', 'server/routes/probe.ts', '../dialect/parser', /only through services/],
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
    ['a route importing the SQL layer', 'server/routes/probe.ts', '../sql/router'],
    ['a route naming the opened databases', 'server/routes/probe.ts', '../engines/catalog'],
    ['a test reaching any floor', 'server/util/probe.test.ts', '../open-services'],
  ])('allows %s', async (_name, file, from) => {
    expect(await layerErrors(file, from)).toEqual([]);
  });
});

// Each floor of SERVER_FLOORS, proven to hold: a file on it may not import from the floor just above.
describe('server floors', () => {
  const probes = SERVER_FLOORS.slice(0, -1).map((floor, i) => {
    const above = SERVER_FLOORS[i + 1];
    return [floor.name, above.name, floorFile(floor.paths[0]), floorFile(above.paths[0])];
  });

  it.each(probes)('refuses %s importing %s', async (_below, _above, probe, imported) => {
    const from = path.relative(path.dirname(probe), imported).replace(/\.ts$/, '');
    const errors = await layerErrors(probe, from.startsWith('.') ? from : `./${from}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/sits below/);
  });

  it.each(probes)('lets %s be imported by %s', async (below, above, imported, probe) => {
    const file = above === 'app' ? 'server/app.ts' : probe;
    const from = path.relative(path.dirname(file), imported).replace(/\.ts$/, '');
    expect(await layerErrors(file, from.startsWith('.') ? from : `./${from}`), below).toEqual([]);
  });
});

/** A real file on a floor (the first its pattern names), as a path from the repository's root. */
function floorFile(pattern: string): string {
  const names = /^(.*)\/@\((.*)\)\.ts$/.exec(pattern);
  if (names) return `${names[1]}/${names[2].split('|')[0]}.ts`;
  const dir = pattern.replace(/\/\*\*$/, '');
  const first = fs
    .readdirSync(path.join(root, dir))
    .find((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return `${dir}/${first}`;
}

describe('import circles', () => {
  let dir: string;
  beforeAll(() => {
    // Two real files that import each other: the rule follows imports on disk.
    dir = fs.mkdtempSync(path.join(root, 'server/util/cycle-probe-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), `import { b } from './b';\nexport const a = () => b;\n`);
    fs.writeFileSync(path.join(dir, 'b.ts'), `import { a } from './a';\nexport const b = () => a;\n`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are refused', async () => {
    const file = path.join(dir, 'a.ts');
    const [result] = await new ESLint({ cwd: root }).lintText(fs.readFileSync(file, 'utf8'), {
      filePath: file,
    });
    expect(result.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
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
