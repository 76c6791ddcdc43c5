import type { ChatMessage } from '../../providers/chat/types';

export interface RunRecord {
  traceId: string;
  project: string;
  agent: string;
  question: string;
  /** The history the model received before the question, as it was sent. */
  history: ChatMessage[];
  startedAt: string;
  status: 'running' | 'done' | 'failed' | 'stopped';
  error?: string;
}

const KEEP = 50;

/**
 * The last runs, kept in memory so that tests and the operator can see what reached the model. Each run also
 * logs one line (trace id and history size only: never content, never keys).
 */
export class RunLog {
  private readonly runs: RunRecord[] = [];

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  begin(run: Omit<RunRecord, 'status' | 'startedAt'>): RunRecord {
    const record: RunRecord = { ...run, status: 'running', startedAt: new Date().toISOString() };
    this.runs.push(record);
    if (this.runs.length > KEEP) this.runs.shift();
    this.log(
      `agent run ${run.traceId}: ${run.history.length} messages in history (agent ${run.project}.${run.agent})`,
    );
    return record;
  }

  recent(): readonly RunRecord[] {
    return this.runs;
  }

  find(traceId: string): RunRecord | undefined {
    return this.runs.find((r) => r.traceId === traceId);
  }
}
