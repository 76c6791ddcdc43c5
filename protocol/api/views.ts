import { z } from 'zod';

/** A view as MindsDB's REST API answers it: `/api/projects/{project}/views[/{name}]`. */
export const viewSchema = z.looseObject({ id: z.number(), name: z.string(), query: z.string() });
export type View = z.infer<typeof viewSchema>;
export const viewsSchema = z.array(viewSchema);

/** POST body: `{ view: { name, query } }`. */
export const createViewBodySchema = z.object({
  view: z.looseObject({ name: z.string().min(1), query: z.string().min(1) }),
});
export type CreateViewBody = z.infer<typeof createViewBodySchema>;

/** PUT body: `{ view: { query } }` (creates the view when it does not exist). */
export const updateViewBodySchema = z.object({
  view: z.looseObject({ query: z.string().min(1).optional() }),
});
export type UpdateViewBody = z.infer<typeof updateViewBodySchema>;
