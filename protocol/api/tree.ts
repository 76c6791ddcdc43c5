import { z } from 'zod';

/** `GET /api/tree/`: the databases (projects and data sources) for the object browser. */
export const treeDatabaseSchema = z.looseObject({
  name: z.string(),
  class: z.string().optional(), // 'db' for data sources, 'project' for projects
  type: z.string().optional(), // 'data' | 'project' | 'system'
  engine: z.string().nullable().optional(),
  deletable: z.boolean().optional(),
  visible: z.boolean().optional(),
});
export type TreeDatabase = z.infer<typeof treeDatabaseSchema>;
export const treeDatabasesSchema = z.array(treeDatabaseSchema);

/** `GET /api/tree/{db}`: what a database holds: tables, knowledge bases, agents. */
export const treeObjectSchema = z.looseObject({
  name: z.string(),
  class: z.string().optional(), // 'table' | 'knowledge_base' | 'agent' | 'schema'
  type: z.string().optional(),
  engine: z.string().nullable().optional(),
  deletable: z.boolean().optional(),
  schema: z.string().nullable().optional(),
  /** A data source with several schemas answers one `class: 'schema'` node per schema, its tables inside. */
  get children() {
    return z.array(treeObjectSchema).optional();
  },
});
export type TreeObject = z.infer<typeof treeObjectSchema>;
export const treeObjectsSchema = z.array(treeObjectSchema);
