import { z } from 'zod';

/** `GET /api/files`: uploaded files, each a table `files.<name>`. */
export const fileInfoSchema = z.looseObject({
  name: z.string(),
  row_count: z.number().nullable().optional(),
  columns: z.array(z.string()).optional(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;
export const filesSchema = z.array(fileInfoSchema);

/** Names for uploaded files and other objects: letters, digits, underscores; must not start with a digit. */
export const objectNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
