import type { JsonValue } from '../engines/duckdb';
import { DATA_SOURCES } from '../domain/system-databases';
import type { Expr, QualifiedName, SimpleSelect } from '../dialect/ast';
import type { AgentService } from '../services/agents/agent-service';
import { changesFromSql } from '../services/agents/agent-input';
import { presentAgent } from '../services/agents/presenter';
import type { AgentRunner } from '../services/agents/runner';
import { collectAnswer } from '../services/agents/stream';
import type { AgentRecord } from '../domain/agents';
import { ValidationError } from '../errors';
import type { SqlRouter } from './router';
import { ok, table, type SqlSession } from '../domain/sql';

const AGENT_COLUMNS = ['name', 'project', 'model', 'data', 'prompt_template', 'created_at', 'updated_at'];

/** `[project.]name` in the session's database. */
function locate(name: QualifiedName, session: SqlSession): { project: string; name: string } {
  if (name.parts.length > 2) throw new ValidationError(`'${name.parts.join('.')}' is not an agent name`);
  return name.parts.length === 2
    ? { project: name.parts[0], name: name.parts[1] }
    : { project: session.db, name: name.parts[0] };
}

function agentRow(agent: AgentRecord, session: SqlSession): JsonValue[] {
  const shown = presentAgent(agent, { showSecrets: session.show_secrets });
  return [
    shown.name,
    shown.project,
    shown.model as JsonValue,
    shown.data as unknown as JsonValue, // a SQL row keeps the column even when empty
    shown.prompt_template,
    shown.created_at,
    shown.updated_at,
  ];
}

/** The question of `WHERE question = '...'`, the only condition an agent answers. */
function questionOf(where: Expr | undefined): string {
  if (
    where?.type === 'binary' &&
    where.op === '=' &&
    where.left.type === 'column' &&
    where.left.name.toLowerCase() === 'question' &&
    where.right.type === 'literal' &&
    typeof where.right.value === 'string'
  ) {
    return where.right.value;
  }
  throw new ValidationError("Ask an agent with SELECT answer FROM <agent> WHERE question = '...'");
}

const SELECTABLE = new Set(['answer', 'question', 'trace_id']);

function selectedColumns(select: SimpleSelect): string[] {
  const columns: string[] = [];
  for (const item of select.items) {
    if (item.expr.type === 'star') columns.push('question', 'answer', 'trace_id');
    else if (item.expr.type === 'column' && SELECTABLE.has(item.expr.name.toLowerCase())) {
      columns.push(item.expr.name.toLowerCase());
    } else {
      throw new ValidationError('An agent answers the columns answer, question and trace_id');
    }
  }
  return columns;
}

/** CREATE / ALTER / DROP / SHOW / DESCRIBE AGENT, and `SELECT answer FROM agent WHERE question = '...'`. */
export function registerAgentHandlers(
  router: SqlRouter,
  deps: { agents: AgentService; runner: AgentRunner },
) {
  const { agents, runner } = deps;

  router.register('create_agent', async (s, session) => {
    const { project, name } = locate(s.name, session);
    const created = await agents.create(
      project,
      { ...changesFromSql(s.params), name },
      { ifNotExists: s.ifNotExists },
    );
    return ok(created ? 1 : 0);
  });

  router.register('alter_agent', async (s, session) => {
    const { project, name } = locate(s.name, session);
    const changes = changesFromSql(s.params);
    await agents.update(project, name, changes);
    return ok(1);
  });

  router.register('drop_agent', async (s, session) => {
    const { project, name } = locate(s.name, session);
    return ok((await agents.drop(project, name, { ifExists: s.ifExists })) ? 1 : 0);
  });

  router.register('show_agents', async (s, session) => {
    const list = await agents.list(s.from ?? session.db);
    return table(
      AGENT_COLUMNS,
      list.map((a) => agentRow(a, session)),
    );
  });

  router.register('describe', async (s, session) => {
    if (s.objectType !== undefined && s.objectType !== 'agent') return undefined;
    const { project, name } = locate(s.name, session);
    const agent =
      s.objectType === 'agent' ? await agents.get(project, name) : await agents.find(project, name);
    return agent ? table(AGENT_COLUMNS, [agentRow(agent, session)]) : undefined;
  });

  router.register('select', async (s, session, { signal, caller }) => {
    if (!s.simple || s.simple.from.parts.length > 2) return undefined;
    const { project, name } = locate(s.simple.from, session);
    if (DATA_SOURCES.some((d) => d.name === project)) return undefined;
    const agent = await agents.find(project, name);
    if (!agent) return undefined;
    const columns = selectedColumns(s.simple);
    const question = questionOf(s.simple.where);
    const answer = await collectAnswer(runner.start(agent, [{ question }], signal, caller));
    const values: Record<string, string> = { question, answer: answer.content, trace_id: answer.trace_id };
    return table(columns, [columns.map((c) => values[c])]);
  });
}
