/**
 * Typed errors that services throw. Routes turn them into problem bodies with the right status; the SQL
 * router turns them into `error` results. The message always names the object concerned.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    /** The request field the problem concerns, when there is one: the console shows it beside that field. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 404: an unknown project, knowledge base, agent, table or file. */
export class NotFoundError extends ServiceError {}

/** 409: the name is taken. */
export class ConflictError extends ServiceError {}

/** 400: the request is well-formed but its values are not acceptable. */
export class ValidationError extends ServiceError {}

/**
 * 400: an answer is larger than a statement may return (rows or bytes); the message names the limit. Its own
 * type so that a caller that can do without the limit (the export, which streams) tells it from other refusals.
 */
export class TooManyRowsError extends ValidationError {}

/** 502: a model provider or other upstream service failed; the message names it and the cause. */
export class UpstreamError extends ServiceError {}

/**
 * An upstream service that answered but refused the request itself (a 4xx other than 429): asking again the
 * same way will not help, asking differently may.
 */
export class UpstreamRefusedError extends UpstreamError {}
