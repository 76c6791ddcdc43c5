/**
 * Most rows a plain SELECT answers with. Past it the query is refused rather than read: a result of a hundred
 * million rows would exhaust the server's memory (and no grid shows it). A console grid handles this many.
 */
export const MAX_RESULT_ROWS = 100_000;

/**
 * Most bytes of values a plain SELECT answers with (about, as JSON). Rows are not the only measure: sixty rows
 * of 10 MB strings are 600 MB, which no browser shows and which could not even be serialised into one answer.
 */
export const MAX_RESULT_BYTES = 100 * 2 ** 20;

/** Most rows one INSERT ... SELECT reads: they are held in memory while they are embedded. */
export const MAX_INSERT_ROWS = 1_000_000;
