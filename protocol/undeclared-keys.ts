import type { z } from 'zod';

/**
 * The object keys of `value` that `schema` does not declare, as paths (`data.0.extra`). The protocol's object
 * schemas are loose so that the console reads newer or other servers (extra keys pass); our own server must
 * not send what the protocol does not name, or the two would drift apart unnoticed. Tests use this on every
 * answer. Only the keys are judged here: whether the declared ones are right is the schema's own parse.
 */
export function undeclaredKeys(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value == null ? [] : undeclaredKeys(def.innerType!, value, path);
    case 'lazy':
      return undeclaredKeys(def.getter!(), value, path);
    case 'pipe':
      return undeclaredKeys(def.in!, value, path);
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undeclaredKeys(def.element!, v, at(i))) : [];
    case 'record':
      return isRecord(value)
        ? Object.entries(value).flatMap(([k, v]) => undeclaredKeys(def.valueType!, v, at(k)))
        : [];
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape!;
      return Object.entries(value).flatMap(([k, v]) =>
        k in shape ? undeclaredKeys(shape[k], v, at(k)) : [at(k)],
      );
    }
    case 'union': {
      // The option that reads the value and leaves the fewest keys undeclared is the one it was meant as.
      let best: string[] | undefined;
      for (const option of def.options!) {
        if (!option.safeParse(value).success) continue;
        const keys = undeclaredKeys(option, value, path);
        if (!best || keys.length < best.length) best = keys;
      }
      return best ?? [];
    }
    case 'intersection':
      return undeclaredKeys(def.left!, value, path).filter((k) =>
        undeclaredKeys(def.right!, value, path).includes(k),
      );
    default:
      // Scalars, `unknown`, literals, enums: no keys to declare.
      return [];
  }
}

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
