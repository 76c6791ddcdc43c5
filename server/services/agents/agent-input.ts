import type { Literal, UsingParams } from '../../dialect/ast';
import { ValidationError } from '../../errors';
import { readModelConfig } from '../model-config';
import type { AgentChanges, AgentData } from '../../domain/agents';

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(value: unknown, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new ValidationError(`${field} must be a list of names`, field);
  }
  return value.map((v) => v.trim()).filter(Boolean);
}

/** The agent's model object: the one reader that knowledge bases' models use too. */
function readModel(value: unknown, field = 'model'): Loose {
  return readModelConfig(value, field);
}

function readData(value: unknown): Partial<AgentData> {
  if (!isObject(value))
    throw new ValidationError('data must be an object with knowledge_bases and tables', 'data');
  const data: Partial<AgentData> = {};
  if (value.knowledge_bases !== undefined && value.knowledge_bases !== null) {
    data.knowledge_bases = stringList(value.knowledge_bases, 'data.knowledge_bases');
  }
  if (value.tables !== undefined && value.tables !== null)
    data.tables = stringList(value.tables, 'data.tables');
  return data;
}

function readPrompt(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string')
    throw new ValidationError('prompt_template must be a string', 'prompt_template');
  return value;
}

/**
 * MindsDB's `params` of an agent (`timeout`, ...): kept as given and answered back. `prompt_template` inside it
 * is read as the prompt (older clients put it there), so it is not kept twice.
 */
function readParams(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new ValidationError('params must be an object', 'params');
  const { prompt_template: _prompt, ...rest } = value;
  return rest;
}

/**
 * A REST body's `agent` object. Also reads the older shape some clients send: `model_name`/`provider` at the
 * top and `prompt_template` under `params`.
 */
export function changesFromRest(input: Loose): AgentChanges {
  const changes: AgentChanges = {};
  if (input.name !== undefined) changes.name = String(input.name);
  const params = isObject(input.params) ? input.params : {};
  if (input.model !== undefined && input.model !== null) changes.model = readModel(input.model);
  else if (typeof input.model_name === 'string' || typeof input.provider === 'string') {
    changes.model = readModel({ provider: input.provider, model_name: input.model_name });
  }
  if (input.data !== undefined && input.data !== null) changes.data = readData(input.data);
  const prompt = input.prompt_template !== undefined ? input.prompt_template : params.prompt_template;
  if (prompt !== undefined) changes.prompt_template = readPrompt(prompt);
  if (input.params !== undefined && input.params !== null) {
    const kept = readParams(input.params);
    if (Object.keys(kept).length > 0) changes.params = kept;
  }
  return changes;
}

const SQL_PARAMS = new Set([
  'model',
  'provider',
  'model_name',
  'api_key',
  'openai_api_key',
  'base_url',
  'data',
  'prompt_template',
  'include_knowledge_bases',
  'include_tables',
  'timeout',
]);

/**
 * A `USING` block of CREATE or ALTER AGENT: `model = {...}` or a model name string with `provider`, `api_key`
 * and `base_url` beside it; `data = {...}` or `include_knowledge_bases` / `include_tables` lists.
 */
export function changesFromSql(params: UsingParams): AgentChanges {
  for (const key of Object.keys(params)) {
    if (!SQL_PARAMS.has(key)) {
      throw new ValidationError(
        `Unknown parameter '${key}' for an agent: use ${[...SQL_PARAMS].join(', ')}`,
        key,
      );
    }
  }
  const changes: AgentChanges = {};
  const model: Loose = isObject(params.model) ? { ...params.model } : {};
  if (typeof params.model === 'string') model.model_name = params.model;
  else if (params.model !== undefined && !isObject(params.model)) readModel(params.model);
  const loose: [string, Literal | undefined][] = [
    ['provider', params.provider],
    ['model_name', params.model_name],
    ['api_key', params.api_key ?? params.openai_api_key],
    ['base_url', params.base_url],
  ];
  for (const [key, value] of loose) if (value !== undefined) model[key] = value;
  if (Object.keys(model).length > 0) changes.model = readModel(model);

  const data: Partial<AgentData> = params.data !== undefined ? readData(params.data) : {};
  if (params.include_knowledge_bases !== undefined) {
    data.knowledge_bases = stringList(params.include_knowledge_bases, 'include_knowledge_bases');
  }
  if (params.include_tables !== undefined) data.tables = stringList(params.include_tables, 'include_tables');
  if (Object.keys(data).length > 0) changes.data = data;
  if (params.prompt_template !== undefined) changes.prompt_template = readPrompt(params.prompt_template);
  // MindsDB's `timeout = n` (seconds) is one of the agent's params, kept and answered as given.
  if (params.timeout !== undefined) changes.params = { timeout: params.timeout };
  return changes;
}
