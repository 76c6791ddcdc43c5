import type { Literal, UsingParams } from '../../../dialect/ast';
import { ValidationError } from '../../../errors';
import { CHAT_PROVIDERS, isChatProvider } from '../../../providers/chat';
import type { ModelConfig } from '../../../providers/types';
import { readModelConfig } from '../../model-config';
import { DEFAULT_QUESTION_COUNT, MAX_GENERATED_QUESTIONS } from './generate';
import type { EvaluationVersion, SearchSettings } from '../../../domain/kb-evaluations';

/** What an EVALUATE asks for, read from its USING block (MindsDB's names, plus the search settings). */
export interface EvaluateOptions {
  testTable: string;
  version: EvaluationVersion;
  generate?: { count: number; fromSql?: string };
  evaluate: boolean;
  saveTo?: string;
  saveQuestionsTo?: string;
  /**
   * MindsDB's `llm = {provider, model_name, api_key, base_url}`: writes the questions of generate_data and judges
   * relevance for llm_relevancy. `local` keeps both without a language model (extractive questions, the local
   * reranker's scores).
   */
  llm?: ModelConfig;
  /** Search settings given in the statement; the rest come from the KB's defaults. */
  search: Partial<SearchSettings>;
}

const KNOWN = [
  'test_table',
  'version',
  'generate_data',
  'evaluate',
  'save_to',
  'llm',
  'save_questions_to',
  'hybrid_search',
  'hybrid_search_alpha',
  'reranking',
  'limit',
];

const isObject = (v: Literal): v is Record<string, Literal> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function bool(value: Literal, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ValidationError(`${name} must be true or false`, name);
}

function number(value: Literal, name: string, min: number, max: number, integer = false): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (
    typeof n !== 'number' ||
    !Number.isFinite(n) ||
    n < min ||
    n > max ||
    (integer && !Number.isInteger(n))
  ) {
    throw new ValidationError(
      `${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max.toLocaleString('en-US')}`,
      name,
    );
  }
  return n;
}

function tableName(value: Literal, name: string): string {
  if (typeof value !== 'string' || !/^[^.\s]+\.[^.\s]+$/.test(value)) {
    throw new ValidationError(`${name} must name a table as <database>.<table>, e.g. files.questions`, name);
  }
  return value;
}

function generateOptions(value: Literal): EvaluateOptions['generate'] {
  if (value === false || value === null) return undefined;
  if (value === true) return { count: DEFAULT_QUESTION_COUNT };
  if (!isObject(value))
    throw new ValidationError(`generate_data must be true or {'count': n}`, 'generate_data');
  const unknown = Object.keys(value).filter((k) => k !== 'count' && k !== 'from_sql');
  if (unknown.length)
    throw new ValidationError(
      `Unknown generate_data key '${unknown[0]}' (known: count, from_sql)`,
      'generate_data',
    );
  const count =
    value.count === undefined
      ? DEFAULT_QUESTION_COUNT
      : number(value.count, 'generate_data.count', 1, MAX_GENERATED_QUESTIONS, true);
  if (value.from_sql !== undefined && typeof value.from_sql !== 'string')
    throw new ValidationError(
      'generate_data.from_sql must be a SELECT statement as a string',
      'generate_data',
    );
  return { count, ...(value.from_sql ? { fromSql: value.from_sql } : {}) };
}

export function readEvaluateParams(params: UsingParams): EvaluateOptions {
  const unknown = Object.keys(params).filter((k) => !KNOWN.includes(k));
  if (unknown.length) {
    throw new ValidationError(
      `Unknown EVALUATE parameter '${unknown[0]}' (known: ${KNOWN.join(', ')})`,
      unknown[0],
    );
  }
  if (params.test_table === undefined)
    throw new ValidationError('EVALUATE needs test_table = <database>.<table>', 'test_table');
  const version = params.version ?? 'doc_id';
  if (version !== 'doc_id' && version !== 'llm_relevancy') {
    throw new ValidationError(
      `version must be 'doc_id' or 'llm_relevancy', got '${String(version)}'`,
      'version',
    );
  }
  const llm = params.llm === undefined ? undefined : readEvaluateLlm(params.llm);
  const search: Partial<SearchSettings> = {};
  if (params.hybrid_search !== undefined)
    search.mode = bool(params.hybrid_search, 'hybrid_search') ? 'hybrid' : 'semantic';
  if (params.hybrid_search_alpha !== undefined) {
    search.alpha = number(params.hybrid_search_alpha, 'hybrid_search_alpha', 0, 1);
    search.mode ??= 'hybrid';
    if (search.mode === 'hybrid' && search.alpha === 0) search.mode = 'keyword';
  }
  if (params.reranking !== undefined) search.rerank = bool(params.reranking, 'reranking');
  if (params.limit !== undefined) search.limit = number(params.limit, 'limit', 1, 100, true);
  return {
    testTable: tableName(params.test_table, 'test_table'),
    version,
    generate: params.generate_data === undefined ? undefined : generateOptions(params.generate_data),
    evaluate: params.evaluate === undefined ? true : bool(params.evaluate, 'evaluate'),
    saveTo: params.save_to === undefined ? undefined : tableName(params.save_to, 'save_to'),
    saveQuestionsTo:
      params.save_questions_to === undefined
        ? undefined
        : tableName(params.save_questions_to, 'save_questions_to'),
    ...(llm ? { llm } : {}),
    search,
  };
}

/** The `llm` of an evaluation (a SQL literal or a request's JSON): a chat provider's model. */
export function readEvaluateLlm(value: unknown): ModelConfig {
  const config = readModelConfig(value, 'llm');
  if (typeof config.provider !== 'string' || !isChatProvider(config.provider.toLowerCase())) {
    throw new ValidationError(
      `llm needs a provider, one of ${CHAT_PROVIDERS.join(', ')} (e.g. llm = {'provider': 'openai', 'model_name': 'gpt-4o-mini', 'api_key': '...'})`,
      'llm.provider',
    );
  }
  return { ...config, provider: config.provider.toLowerCase() } as ModelConfig;
}
