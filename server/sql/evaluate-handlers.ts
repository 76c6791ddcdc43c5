import { parseStatement } from '../dialect/parser';
import { ValidationError } from '../errors';
import type { KbEvaluationService } from '../services/knowledge-bases/evaluate/service';
import { readEvaluateParams } from '../services/knowledge-bases/evaluate/params';
import { MetricError, scorePredictions } from './prediction-metrics';
import type { SqlRouter } from './router';
import { ok, table } from '../domain/sql';

/**
 * `EVALUATE KNOWLEDGE_BASE kb USING test_table = ..., version = ..., generate_data = ..., evaluate = ...,
 * save_to = ...` (MindsDB's statement): answers with one row of scores, recorded in the KB's history.
 */
export function registerEvaluateHandlers(
  router: SqlRouter,
  deps: { evaluations: KbEvaluationService },
): void {
  router.register('evaluate_knowledge_base', async (s, session) => {
    if (s.name.parts.length > 2)
      throw new ValidationError(`'${s.name.parts.join('.')}' is not a knowledge base name`);
    const [project, name] = s.name.parts.length === 2 ? s.name.parts : [session.db, s.name.parts[0]];
    const answer = await deps.evaluations.evaluateSql(
      project,
      name,
      readEvaluateParams(s.params),
      session.db,
    );
    return answer.kind === 'scores' ? table(answer.columns, [answer.row]) : ok(answer.questions);
  });

  // EVALUATE metric FROM (SELECT ... AS actual, ... AS prediction): the query runs as any SELECT would (views,
  // sources, knowledge bases), and its two columns are scored, as MindsDB does.
  router.register('evaluate_metric', async (s, session, run) => {
    // Only a SELECT runs here: the text in brackets is never another kind of statement.
    if (parseStatement(s.selectSql).kind !== 'select')
      throw new ValidationError('The query of EVALUATE must be a SELECT');
    const rows = await router.execute(s.selectSql, session, { signal: run.signal });
    if (rows.type === 'error') {
      throw new ValidationError(`The query of EVALUATE failed: ${rows.error_message}`);
    }
    if (rows.type !== 'table') throw new ValidationError('The query of EVALUATE must be a SELECT');
    const column = (name: 'actual' | 'prediction') => {
      const at = rows.column_names.findIndex((c) => c.toLowerCase() === name);
      if (at === -1) throw new ValidationError(`\`${name}\` column was not provided, please try again.`);
      const values = rows.data.map((r) => r[at]);
      if (values.some((v) => v === null))
        throw new ValidationError(`There are missing values in the \`${name}\` column, please try again.`);
      return values;
    };
    const decimals = s.params.n_decimals ?? 3;
    if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 15)
      throw new ValidationError('n_decimals must be a whole number from 0 to 15');
    try {
      const score = scorePredictions(s.metric, column('actual'), column('prediction'), decimals);
      return table([s.metric], [[score]]);
    } catch (err) {
      if (err instanceof MetricError) throw new ValidationError(err.message);
      throw err;
    }
  });
}
