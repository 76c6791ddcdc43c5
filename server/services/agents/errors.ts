import { ServiceError, UpstreamError } from '../../errors';

/** A run stopped by its own limits (steps, time): the model did not reach an answer in time. */
export class AgentLimitError extends UpstreamError {}

/**
 * The client went away and the run was stopped. A ServiceError so that a plain completion whose client has
 * left ends as an ordinary client-side outcome rather than a logged server failure; the stream stops quietly.
 */
export class RunAbortedError extends ServiceError {
  constructor() {
    super('The client disconnected; the run was stopped');
  }
}
