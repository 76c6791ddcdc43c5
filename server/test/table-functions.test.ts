import { describe, expect, it } from 'vitest';
import { TOOL } from '../providers/chat/tool-protocol';
import { sqlTools } from '../services/agents/tools/sql-tools';
import { ViewStore } from '../store/views';
import { addDocsAndKb } from './sql-fixtures';
import { useTestApp } from './use-test-app';

/**
 * Every table function the engine offers, read from the engine's own list, through every path that runs a
 * user's SQL: each is refused there by name, or is one of the few harmless by design (docs/security-http.md),
 * which then runs. One server for all of it (the job scheduler only ticks when told to).
 */
const t = useTestApp({ jobs: { tickMs: 3_600_000 } }, addDocsAndKb);

/** Computes its rows from its arguments alone; the call each path makes of it (no spaces: a test_table). */
const HARMLESS: Record<string, string> = {
  range: 'range(3)',
  generate_series: 'generate_series(1,3)',
  unnest: 'unnest([1,2,3])',
};

/** The engine's table functions and table macros, as it lists them. */
async function tableFunctions(): Promise<string[]> {
  const rows = await t.deps.databases.data.select<{ name: string }>(
    `SELECT DISTINCT function_name AS name FROM duckdb_functions()
     WHERE function_type IN ('table', 'table_macro') ORDER BY name`,
  );
  return rows.map((r) => r.name);
}

/**
 * The functions in groups run at once on a path (each its own statement, so each refusal is its own), to keep
 * the test short; a harmless one, whose statement runs and writes, alone.
 */
function batches(functions: string[], size = 8): string[][] {
  const refused = functions.filter((fn) => !(fn in HARMLESS));
  const groups = Object.keys(HARMLESS).map((fn) => [fn]);
  for (let i = 0; i < refused.length; i += size) groups.push(refused.slice(i, i + size));
  return groups;
}

const call = (fn: string) => HARMLESS[fn] ?? `${fn}()`;

/** What a path answered for one function: its text, and whether it ran (an answer of rows or an ok). */
interface Outcome {
  fn: string;
  path: string;
  text: string;
  ran: boolean;
}

/** Each path: how it runs a statement that calls `fn`, and what it answered. */
const PATHS: Record<string, (fn: string) => Promise<Omit<Outcome, 'fn' | 'path'>>> = {
  'SQL route': (fn) => sql(`SELECT * FROM ${call(fn)}`),
  'SQL route, in a subquery of a file table': (fn) =>
    sql(`SELECT id FROM files.docs WHERE id IN (SELECT 1 FROM ${call(fn)})`),
  information_schema: (fn) => sql(`SELECT count(*) FROM information_schema.tables t, ${call(fn)}`),
  'information_schema as the session database': (fn) =>
    sql(`SELECT count(*) FROM tables t, ${call(fn)}`, 'information_schema'),
  'a knowledge base in a join': (fn) => sql(`SELECT count(*) FROM kb k JOIN ${call(fn)} f ON true`),
  'CREATE TABLE files.x AS SELECT': async (fn) => {
    const made = await sql(`CREATE TABLE files.made_${fn} (SELECT * FROM ${call(fn)})`);
    if (made.ran) await t.sqlOk(`DROP TABLE files.made_${fn}`);
    return made;
  },
  'export route': async (fn) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sql/query/export',
      payload: { query: `SELECT * FROM ${call(fn)}`, format: 'csv' },
    });
    return { text: res.body, ran: res.statusCode === 200 };
  },
  'copy route': async (fn) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sql/query/copy',
      payload: { query: `SELECT * FROM ${call(fn)}` },
    });
    return { text: res.body, ran: res.statusCode === 200 };
  },
  'CREATE VIEW': async (fn) => {
    const made = await sql(`CREATE VIEW v_${fn} AS (SELECT * FROM ${call(fn)})`);
    return made.ran ? sql(`SELECT * FROM v_${fn}`) : made;
  },
  'a view saved before the check': async (fn) => {
    const { id } = await t.deps.projects.get('mindsdb');
    await new ViewStore(t.deps.databases.catalog).insert(id, `old_${fn}`, `SELECT * FROM ${call(fn)}`);
    return sql(`SELECT * FROM old_${fn}`);
  },
  'CREATE JOB': (fn) => sql(`CREATE JOB j_${fn} (SELECT * FROM ${call(fn)}) EVERY 1 day`),
  'INSERT INTO a knowledge base SELECT': (fn) =>
    sql(`INSERT INTO kb (id, body) SELECT 1, 'x' FROM ${call(fn)} LIMIT 1`),
  "EVALUATE's test table": (fn) =>
    sql(`EVALUATE KNOWLEDGE_BASE kb USING test_table = 'information_schema.tables,${call(fn)}'`),
  "an agent's sql_db_query tool": async (fn) => {
    const tools = sqlTools({
      sql: t.deps.sql,
      data: t.deps.databases.data,
      project: 'mindsdb',
      knowledgeBases: [],
      tables: ['files.docs'],
    });
    const query = tools.find((tool) => tool.spec.name === TOOL.query)!;
    const text = await query.run(`SELECT * FROM files.docs, ${call(fn)}`);
    return { text, ran: !text.startsWith('Error') };
  },
};

async function sql(query: string, db = 'mindsdb') {
  const res = await t.sql(query, { db });
  return { text: JSON.stringify(res), ran: res.type !== 'error' };
}

/** The refusal that names `fn`, in whatever words the path wraps it. */
const refusal = (fn: string) => new RegExp(`Table function '${fn}' is not allowed`, 'i');

describe('every table function the engine offers', () => {
  it('is refused by name on every path that runs user SQL, or is harmless by design and runs', async () => {
    const functions = await tableFunctions();
    // The engine's list as this version has it: its file readers, catalogue and settings are all in it.
    for (const known of ['read_text', 'duckdb_settings', 'duckdb_secrets', 'query', 'glob', 'range'])
      expect(functions).toContain(known);
    const outcomes: Outcome[] = [];
    for (const [path, run] of Object.entries(PATHS)) {
      for (const batch of batches(functions)) {
        const answers = await Promise.all(batch.map((fn) => run(fn)));
        batch.forEach((fn, i) => outcomes.push({ fn, path, ...answers[i] }));
      }
    }
    // Jobs saved before the check run now, each refused when it runs.
    const { id } = await t.deps.projects.get('mindsdb');
    const due = new Date(Date.now() - 1000);
    for (const fn of functions) {
      await t.deps.jobs.store.insert(
        {
          projectId: id,
          name: `old_${fn}`,
          statements: [`SELECT * FROM ${call(fn)}`],
          startAt: due,
          nextRunAt: due,
        },
        due,
      );
    }
    await t.deps.jobScheduler.tick();
    const history = await t.deps.jobs.history('mindsdb');
    for (const fn of functions) {
      const run = history.find((h) => h.name === `old_${fn}`);
      outcomes.push({ fn, path: 'a job saved before the check', text: run?.error ?? '', ran: !run?.error });
    }

    const wrong = outcomes.filter((o) => {
      if (!(o.fn in HARMLESS)) return o.ran || !refusal(o.fn).test(o.text);
      // A harmless function is never refused, and its statement runs: but for EVALUATE, whose test table
      // must have question columns (which `information_schema.tables, range(3)` has not).
      return refusal(o.fn).test(o.text) || (!o.ran && o.path !== "EVALUATE's test table");
    });
    expect(wrong.map((o) => `${o.path}: ${o.fn}: ${o.text.slice(0, 200)}`)).toEqual([]);
    // Nothing of the server's own leaks into any answer: its folders, the engine's settings.
    for (const o of outcomes) {
      expect(o.text, `${o.path}: ${o.fn}`).not.toContain(t.dataDir);
      expect(o.text, `${o.path}: ${o.fn}`).not.toMatch(/allowed_directories|enable_external_access/);
    }
    const harmless = await t.sqlOk('SELECT * FROM range(3)');
    expect(harmless.data).toEqual([[0], [1], [2]]);
  }, 300_000);
});
