/** Why a user's statement was stopped before it ended (see DuckDb.queryAtMost). */

/** A statement stopped because the one who asked for it went away (a closed request). */
export class QueryAbortedError extends Error {
  constructor() {
    super('The query was stopped: the request was cancelled');
  }
}

/** A statement stopped because it ran past the time limit. */
export class QueryTimeoutError extends Error {
  constructor(
    readonly limitMs: number,
    message = `The query ran longer than ${limitMs / 1000} s and was stopped`,
  ) {
    super(message);
  }
}

/** A statement stopped because it ran past the quick lane's limit (see DuckDbOptions.quickLaneMs). */
export class QuickLaneTimeoutError extends QueryTimeoutError {
  constructor(limitMs: number) {
    super(
      limitMs,
      `The query ran longer than ${limitMs / 1000} s while the server was busy with other long queries, and was stopped: try again when they have finished`,
    );
  }
}

/**
 * A statement failed after some of its rows had been read (a cast that fails on a later row, say). The engine
 * ends such a stream as if it were complete and keeps its reason to itself; the only sign is that the result
 * stops calling itself a stream. Its rows so far must never pass for the whole result.
 */
export class QueryFailedMidwayError extends Error {
  constructor(readonly rowsRead: number) {
    super(
      `The query failed after ${rowsRead.toLocaleString('en-US')} rows had been read, and no result is given: ` +
        'a value in a later row could not be computed (a cast or a function that fails on some rows is the usual cause)',
    );
  }
}
