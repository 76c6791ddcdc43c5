import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * A refusal as the API answers one (and MindsDB words it): the status, a problem+json body, and the fields
 * given (`title`, `detail`, `field`...) matched in that body.
 */
export function expectProblem(
  res: LightMyRequestResponse,
  status: number,
  fields: Record<string, unknown> = {},
): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject(fields);
}
