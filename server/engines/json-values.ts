import { DuckDBTypeId, type DuckDBType } from '@duckdb/node-api';

/** A value as it travels in JSON: DuckDB's 64-bit integers become numbers when they fit. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

type Convert = (value: JsonValue) => JsonValue;

const WIDE_INTEGERS = new Set([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

/** DuckDB writes wide integers as strings in JSON: a number when that loses nothing, else the exact text. */
export const wideInteger: Convert = (value) => {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
};

/** Decimals travel as numbers, as the API's other numeric columns do. */
export const decimal: Convert = (value) => {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};

const isObject = (v: JsonValue): v is { [key: string]: JsonValue } =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * How to turn DuckDB's JSON form of a value of `type` into the API's, or undefined when it is already right.
 * Nested types (struct, list, array, map, union) are followed down to their wide integers and decimals, so
 * `{'n': count(*)}` answers `{"n": 3}`, not `{"n": "3"}`. Built once per column, not per value.
 */
export function converterFor(type: DuckDBType): Convert | undefined {
  if (WIDE_INTEGERS.has(type.typeId)) return wideInteger;
  switch (type.typeId) {
    case DuckDBTypeId.DECIMAL:
      return decimal;
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY: {
      const item = converterFor(type.valueType);
      return item && ((v) => (Array.isArray(v) ? v.map((x) => (x === null ? null : item(x))) : v));
    }
    case DuckDBTypeId.STRUCT: {
      const fields = type.entryTypes.map(converterFor);
      if (!fields.some(Boolean)) return undefined;
      return (v) => {
        if (!isObject(v)) return v;
        const out: { [key: string]: JsonValue } = {};
        for (const [key, x] of Object.entries(v)) {
          const convert = fields[type.entryIndexes[key]];
          out[key] = convert && x !== null ? convert(x) : x;
        }
        return out;
      };
    }
    case DuckDBTypeId.MAP: {
      const key = converterFor(type.keyType);
      const value = converterFor(type.valueType);
      if (!key && !value) return undefined;
      const entry = (e: JsonValue) =>
        isObject(e)
          ? {
              key: key && e.key !== null ? key(e.key) : e.key,
              value: value && e.value !== null ? value(e.value) : e.value,
            }
          : e;
      return (v) => (Array.isArray(v) ? v.map(entry) : v);
    }
    case DuckDBTypeId.UNION: {
      const members = type.memberTypes.map(converterFor);
      if (!members.some(Boolean)) return undefined;
      return (v) => {
        if (!isObject(v) || typeof v.tag !== 'string') return v;
        const convert = members[type.tagMemberIndexes[v.tag]];
        return convert && v.value !== null ? { ...v, value: convert(v.value) } : v;
      };
    }
    default:
      return undefined;
  }
}
