import { z } from 'zod';

/** Every 4xx/5xx answer carries this body (content type application/problem+json). */
export const problemSchema = z.looseObject({
  title: z.string(),
  detail: z.string().optional(),
  timestamp: z.string().optional(),
  /** Which request field the problem concerns, when it concerns one (ours): lets a form put the error beside it. */
  field: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
