import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANSWER_SCHEMAS } from './api/answers';
import { sqlResultSchema } from './api/sql';
import { treeObjectsSchema } from './api/tree';
import { undeclaredKeys } from './undeclared-keys';

describe('undeclaredKeys', () => {
  it('names keys a loose object lets through, at any depth', () => {
    const schema = z.looseObject({ a: z.number(), inner: z.looseObject({ b: z.string() }).optional() });
    expect(undeclaredKeys(schema, { a: 1, inner: { b: 'x' } })).toEqual([]);
    expect(undeclaredKeys(schema, { a: 1, extra: 2, inner: { b: 'x', more: true } })).toEqual([
      'extra',
      'inner.more',
    ]);
  });

  it('reads arrays, records, recursive getters and the union option the value was meant as', () => {
    expect(
      undeclaredKeys(treeObjectsSchema, [{ name: 's', children: [{ name: 't', class: 'table', odd: 1 }] }]),
    ).toEqual(['0.children.0.odd']);
    expect(
      undeclaredKeys(z.record(z.string(), z.looseObject({ n: z.number() })), { k: { n: 1, x: 2 } }),
    ).toEqual(['k.x']);
    const ok = { type: 'ok', affected_rows: 1, context: { db: 'mindsdb', show_secrets: false } };
    expect(undeclaredKeys(sqlResultSchema, ok)).toEqual([]);
    expect(undeclaredKeys(sqlResultSchema, { ...ok, rows: 2 })).toEqual(['rows']);
  });

  it('leaves values typed unknown alone', () => {
    expect(undeclaredKeys(z.looseObject({ v: z.unknown() }), { v: { anything: 1 } })).toEqual([]);
  });
});

describe('ANSWER_SCHEMAS', () => {
  it('names every route with its method and a path under /api/', () => {
    for (const key of Object.keys(ANSWER_SCHEMAS))
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
  });
});
