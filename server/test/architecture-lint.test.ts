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
      '../routes/problem',
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
