import {
  completeFromList,
  ifNotIn,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { splitStatements } from '../../lib/sql/split-statements';

/**
 * Keyword completion for MindsDB's SQL. The dialect's highlighting knows every MySQL keyword, but offering
 * them all buries what people write here under `DES_KEY_FILE` and `ZEROFILL`: completion offers MindsDB's
 * statements at the start of a statement, then the SQL of queries and MindsDB's parameters, and never
 * MySQL's administrative vocabulary. Objects and columns (boosted higher) come before any keyword.
 */

/** MindsDB's own statements: offered before the others. */
const MINDSDB_STATEMENTS = new Set([
  'CREATE KNOWLEDGE_BASE',
  'CREATE AGENT',
  'DESCRIBE KNOWLEDGE_BASE',
  'EVALUATE KNOWLEDGE_BASE',
  'ALTER KNOWLEDGE_BASE',
  'SHOW KNOWLEDGE_BASES',
  'SHOW AGENTS',
  'CREATE INDEX ON KNOWLEDGE_BASE',
]);

/** Whole statements, offered where a statement starts. */
const STATEMENTS = [
  'CREATE KNOWLEDGE_BASE',
  'CREATE AGENT',
  'INSERT INTO',
  'SELECT',
  'DESCRIBE KNOWLEDGE_BASE',
  'EVALUATE KNOWLEDGE_BASE',
  'ALTER KNOWLEDGE_BASE',
  'SHOW KNOWLEDGE_BASES',
  'SHOW AGENTS',
  'CREATE DATABASE',
  'CREATE PROJECT',
  'CREATE VIEW',
  'CREATE JOB',
  'CREATE INDEX ON KNOWLEDGE_BASE',
  'DESCRIBE',
  'SHOW DATABASES',
  'SHOW TABLES',
  'SHOW PROJECTS',
  'SHOW JOBS',
  'SHOW VIEWS',
  'DROP KNOWLEDGE_BASE',
  'DROP AGENT',
  'DROP DATABASE',
  'DROP VIEW',
  'DROP JOB',
  'UPDATE',
  'DELETE FROM',
  'USE',
  'WITH',
];

/** The words of queries and of MindsDB's statements and parameters, offered anywhere in a statement. */
const KEYWORDS = [
  // queries
  'select from where and or not in is null like between as join left right inner outer cross on group by',
  'order having limit offset distinct union all exists case when then else end asc desc true false',
  'count sum avg min max cast coalesce interval',
  // changes
  'insert into values update set delete create drop alter replace if table view database project',
  'with engine parameters using show describe use',
  // MindsDB
  'knowledge_base knowledge_bases agent agents model models job jobs every start evaluate trigger',
  'ml_engine ml_engines integration embedding_model reranking_model metadata_columns content_columns',
  'id_column prompt_template storage preprocessing hybrid_search hybrid_search_alpha relevance_threshold',
  'batch_size track_column',
]
  .join(' ')
  .split(' ');

const statementOptions: Completion[] = STATEMENTS.map((label) => ({
  label,
  type: 'keyword',
  detail: 'statement',
  // Two tiers, far enough apart that the matcher's preference for shorter labels never mixes them; both
  // above objects and columns (a statement's first word is never a name).
  boost: MINDSDB_STATEMENTS.has(label) ? 60 : 20,
  apply: `${label} `,
}));

const keywordOptions: Completion[] = KEYWORDS.map((word) => ({
  label: word.toUpperCase(),
  type: 'keyword',
  // Below objects and columns, which the user named and is more likely to mean.
  boost: -1,
}));

/** Whether `pos` is where a statement starts: no earlier part of any statement lies before it. */
function atStatementStart(doc: string, pos: number): boolean {
  return !splitStatements(doc).some((s) => s.from < pos && pos <= Math.max(s.to, s.end));
}

const completeKeywords = completeFromList(keywordOptions);

function mindsdbKeywords(ctx: CompletionContext): CompletionResult | null | Promise<CompletionResult | null> {
  const word = ctx.matchBefore(/[\w$]+$/);
  if (!word && !ctx.explicit) return null;
  const from = word?.from ?? ctx.pos;
  if (atStatementStart(ctx.state.doc.toString(), from)) {
    return { from, options: statementOptions, validFor: /^[\w$]*$/ };
  }
  return completeKeywords(ctx);
}

/** Not inside strings, quoted names or comments, nor after a `.` (a name's part follows there). */
export const keywordCompletionSource: CompletionSource = ifNotIn(
  ['QuotedIdentifier', 'String', 'LineComment', 'BlockComment', '.'],
  mindsdbKeywords,
);
