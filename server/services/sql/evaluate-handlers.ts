import { ValidationError } from '../../errors';
import type { KbEvaluationService } from '../knowledge-bases/evaluate/service';
import { readEvaluateParams } from '../knowledge-bases/evaluate/params';
import type { SqlRouter } from './router';
import { ok, table } from './types';

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
}
