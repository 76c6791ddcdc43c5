import { z } from 'zod';

export const projectSchema = z.looseObject({ name: z.string() });
export type Project = z.infer<typeof projectSchema>;
export const projectsSchema = z.array(projectSchema);
