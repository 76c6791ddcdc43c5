import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every statement on a catalog table is written in server/store/ (docs/architecture.md): a reader finds them
// all there. This scan fails on a statement naming a catalog table anywhere else in the server's code.
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tables store/schema.ts creates. */
const CATALOG_TABLES = [
  'projects',
  'auth_tokens',
  'auth_settings',
  'auth_device_key',
  'data_sources',
  'views',
  'jobs',
  'jobs_history',
  'job_last_values',
  'knowledge_bases',
  'kb_inserts',
  'agents',
  'kb_evaluations',
  'kb_search_defaults',
];
const STATEMENT = new RegExp(
  `\\b(FROM|JOIN|INTO|UPDATE|TABLE|EXISTS)\\s+(${CATALOG_TABLES.join('|')})\\b`,
  'g',
);

/** The lines of `text` that run SQL on a catalog table, as `line: text`. */
function catalogStatements(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (line.match(STATEMENT) ? [`${i + 1}: ${line.trim()}`] : []));
}

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['store', 'test'].includes(entry.name) && dir === server ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('catalog SQL', () => {
  it('lives only in server/store', () => {
    const found = serverSources(server).flatMap((file) =>
      catalogStatements(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(server, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('is recognised where it stands (the scan above can fail)', () => {
    const text = 'const a = 1;\nawait db.all(`SELECT DISTINCT lower(name) AS name FROM knowledge_bases`);\n';
    expect(catalogStatements(text)).toEqual([
      '2: await db.all(`SELECT DISTINCT lower(name) AS name FROM knowledge_bases`);',
    ]);
    expect(catalogStatements('await data.run(`SELECT * FROM files.orders`)')).toEqual([]);
  });
});
