import type { JsonValue } from '../duckdb';

/**
 * A value read from a source as JSON, the way the SQL endpoint answers every value: dates as text, binary as
 * base64, integers past 2^53 as text (a JSON number would silently lose digits).
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonValue(v)]));
  }
  return String(value);
}

/** Integer and decimal text as a number when it fits one exactly enough; otherwise the text itself. */
export function numericText(text: string): JsonValue {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n)) return text;
  return n;
}
