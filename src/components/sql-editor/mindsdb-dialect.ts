import { MySQL, SQLDialect } from '@codemirror/lang-sql';

/** Statement and parameter words of the MindsDB dialect, on top of the MySQL vocabulary it extends. */
const MINDSDB_KEYWORDS = [
  'knowledge_base knowledge_bases agent agents project projects use using show full describe',
  'databases tables model models predictor predictors ml_engine ml_engines integration integrations',
  'handler handlers job jobs trigger triggers chatbot chatbots skill skills view views retrain finetune',
  'evaluate embedding_model reranking_model metadata_columns content_columns id_column preprocessing',
  'prompt_template hybrid_search hybrid_search_alpha',
].join(' ');

/**
 * MindsDB's SQL as the editor highlights it. Its lexing rules match the worksheet's statement splitter
 * (sql/lexer.ts), so what looks like a string or a comment is exactly what the splitter skips:
 * double quotes make strings (the JSON values of `USING x = {...}`), backquotes make names, `--` starts a
 * comment with or without a space after it, and neither `#` nor a backslash in '...' is special.
 */
export const MindsDBSQL = SQLDialect.define({
  ...MySQL.spec,
  keywords: `${MySQL.spec.keywords} ${MINDSDB_KEYWORDS}`,
  doubleQuotedStrings: true,
  identifierQuotes: '`',
  hashComments: false,
  spaceAfterDashes: false,
  backslashEscapes: false,
});
