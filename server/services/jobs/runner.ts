import type { JsonValue } from '../../engines/duckdb';
import type { SqlRunner } from '../../domain/sql';
import type { SqlOutcome, SqlSession } from '../../domain/sql';
import { findLast, literal, maxQuery, withCondition } from './last';
import { fillTemplateVariables, type RunTimes } from './template-variables';
import type { JobRecord, JobStore } from '../../store/jobs';

/**
 * What one run did: the statements it ran (as run, LAST filled in), the first error, if any, and the rows its
 * statements affected or returned (those that ran before an error included); undefined when one of them
 * did not say how many.
 */
export interface RunOutcome {
  query: string;
  error?: string;
  rowCount?: number;
}

/** Counts the rows of a run's statements; once one statement's count is unknown, the run's is too. */
class RowTally {
  private total: number | undefined = 0;
  add(result: SqlOutcome): void {
    if (this.total === undefined) return;
    if (result.type === 'table') this.total += result.data.length;
    else if (result.type === 'ok' && typeof result.affected_rows === 'number')
      this.total += result.affected_rows;
    else this.total = undefined;
  }
  get count(): number | undefined {
    return this.total;
  }
}

/**
 * Runs a job's statements, in order, through the SQL router as a user's statements run (every sandbox and
 * limit applies), in the job's project. The first failing statement ends the run; its error is the run's.
 */
export class JobRunner {
  constructor(
    private readonly sql: SqlRunner,
    private readonly store: JobStore,
  ) {}

  /**
   * `signal` stops the statement running when the server closes (its run is then recorded as failed); `times`
   * fill MindsDB's template variables (template-variables.ts).
   */
  async run(job: JobRecord, signal?: AbortSignal, times?: RunTimes): Promise<RunOutcome> {
    const session: SqlSession = { db: job.project, show_secrets: false };
    const ran: string[] = [];
    const rows = new RowTally();
    const fill = (sql: string) => (times ? fillTemplateVariables(sql, times) : sql);
    if (job.condition) {
      const condition = fill(job.condition);
      ran.push(condition);
      const check = await this.sql.execute(condition, session, { signal });
      if (check.type === 'error') return { query: ran.join('; '), error: `IF: ${check.error_message}` };
      // MindsDB's rule: the statements run only when the IF query returns rows.
      if (check.type !== 'table' || check.data.length === 0) return { query: ran.join('; '), rowCount: 0 };
    }
    for (const [index, written] of job.statements.entries()) {
      const statement = fill(written);
      const step = await this.prepare(job, index, statement, session);
      if ('error' in step)
        return { query: [...ran, statement].join('; '), error: step.error, rowCount: rows.count };
      if (step.sql === undefined) continue;
      ran.push(step.sql);
      const result = await this.sql.execute(step.sql, session, { signal });
      if (result.type === 'error')
        return { query: ran.join('; '), error: result.error_message, rowCount: rows.count };
      rows.add(result);
      if (step.noteLast !== undefined) await this.store.setLastValue(job.id, index, step.noteLast);
    }
    return { query: ran.join('; '), rowCount: rows.count };
  }

  /**
   * The text to run for a statement, with LAST filled in, and the value to note once it has run. The first run
   * of a statement with LAST only notes the greatest value (MindsDB reads nothing on a first run).
   */
  private async prepare(
    job: JobRecord,
    index: number,
    statement: string,
    session: SqlSession,
  ): Promise<{ sql?: string; noteLast?: string } | { error: string }> {
    let use;
    try {
      use = findLast(statement);
    } catch (err) {
      return { error: (err as Error).message };
    }
    if (!use) return { sql: statement };
    const max = await this.sql.execute(maxQuery(statement, use), session);
    if (max.type === 'error') return { error: `LAST: ${max.error_message}` };
    const greatest = max.type === 'table' ? (max.data[0]?.[0] as JsonValue | undefined) : undefined;
    const noted = await this.store.lastValue(job.id, index);
    if (greatest === null || greatest === undefined) return {};
    const greatestText = JSON.stringify(greatest);
    if (noted === undefined) {
      await this.store.setLastValue(job.id, index, greatestText);
      return {};
    }
    if (noted === greatestText) return {};
    const lower = `${use.column} ${use.inclusive ? '>=' : '>'} ${literal(JSON.parse(noted) as JsonValue)}`;
    const upper = `${use.column} <= ${literal(greatest)}`;
    return { sql: withCondition(statement, use, `${lower} AND ${upper}`), noteLast: greatestText };
  }
}
