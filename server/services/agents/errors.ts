import { UpstreamError } from '../errors';

/** A run stopped by its own limits (steps, time): the model did not reach an answer in time. */
export class AgentLimitError extends UpstreamError {}

/** The client went away: the run stops quietly, nobody is left to tell. */
export class RunAbortedError extends Error {
  constructor() {
    super('The client disconnected; the run was stopped');
    this.name = 'RunAbortedError';
  }
}
