import { tokenize, type Token } from '../dialect/tokenizer';

/** Valid statements of every family our dialect knows: the seeds that the corpus breaks. */
export const VALID_STATEMENTS = [
  'SHOW PROJECTS',
  'SHOW FULL DATABASES',
  'SHOW FULL TABLES FROM files',
  'CREATE PROJECT IF NOT EXISTS fuzz_p',
  'DROP PROJECT IF EXISTS fuzz_p',
  'USE mindsdb',
  "SELECT id, body FROM files.docs WHERE author = 'ann' ORDER BY id DESC LIMIT 5",
  'SELECT author, count(*) AS n FROM files.docs GROUP BY author HAVING count(*) > 1',
  'WITH t AS (SELECT 1 AS a) SELECT a FROM t',
  `CREATE KNOWLEDGE_BASE IF NOT EXISTS fuzz_kb USING embedding_model = {"provider": "local"}, metadata_columns = ['author'], content_columns = ['body'], id_column = 'id'`,
  `ALTER KNOWLEDGE_BASE fuzz_kb USING reranking_model = false, preprocessing = {"text_chunking_config": {"chunk_size": 300, "chunk_overlap": 20}}`,
  'DESCRIBE KNOWLEDGE_BASE fuzz_kb',
  'SHOW KNOWLEDGE_BASES',
  'INSERT INTO fuzz_kb SELECT id, body, author FROM files.docs',
  "INSERT INTO fuzz_kb (id, content, author) VALUES ('x1', 'refunds take five days', 'ann'), ('x2', 'shipping is free', 'bo')",
  "SELECT * FROM fuzz_kb WHERE content = 'how do refunds work' AND author IN ('ann', 'bo') AND relevance >= 0.1 LIMIT 3",
  "SELECT * FROM fuzz_kb WHERE author LIKE 'a%' AND id BETWEEN 'a' AND 'z'",
  "DELETE FROM fuzz_kb WHERE id = 'x1'",
  `CREATE AGENT IF NOT EXISTS fuzz_agent USING model = {"provider": "local"}, data = {"knowledge_bases": ["mindsdb.*"], "tables": ["files.docs"]}, prompt_template = 'Answer from the data.'`,
  `ALTER AGENT fuzz_agent USING prompt_template = 'Be brief; cite {sources}.'`,
  'SHOW AGENTS',
  "SELECT answer FROM fuzz_agent WHERE question = 'How do refunds work?'",
  'DROP AGENT IF EXISTS fuzz_agent',
  'DROP KNOWLEDGE_BASE IF EXISTS fuzz_kb',
];

/** A small seeded generator, so the corpus is the same on every run and a failure can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BREAKERS = [
  "'",
  '"',
  '`',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  '/*',
  '--',
  ',',
  '=',
  '\\',
  '\u0000',
  '💥',
  "' OR 1=1 --",
];

function tokensOf(sql: string): readonly Token[] {
  return tokenize(sql).filter((t) => t.kind !== 'eof');
}

/**
 * Statements made by breaking valid ones: cut after every token, adjacent tokens swapped, a token dropped,
 * and unbalanced quotes, braces and other debris inserted at seeded positions.
 */
export function brokenSqlCorpus(seed = 20261122): string[] {
  const rand = prng(seed);
  const out = new Set<string>();
  for (const sql of VALID_STATEMENTS) {
    const tokens = tokensOf(sql);
    for (let i = 1; i < tokens.length; i++) out.add(sql.slice(0, tokens[i].offset).trimEnd());
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = tokens[i];
      const b = tokens[i + 1];
      out.add(
        sql.slice(0, a.offset) +
          b.text +
          sql.slice(a.offset + a.text.length, b.offset) +
          a.text +
          sql.slice(b.offset + b.text.length),
      );
      out.add(sql.slice(0, a.offset) + sql.slice(a.offset + a.text.length));
    }
    for (let k = 0; k < 12; k++) {
      const at = Math.floor(rand() * (sql.length + 1));
      const junk = BREAKERS[Math.floor(rand() * BREAKERS.length)];
      out.add(sql.slice(0, at) + junk + sql.slice(at));
    }
  }
  return [...out];
}
