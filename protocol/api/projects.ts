import { z } from 'zod';

export const projectSchema = z.looseObject({ name: z.string() });
export type Project = z.infer<typeof projectSchema>;
export const projectsSchema = z.array(projectSchema);

/**
 * `GET /api/projects/{p}/chatbots`: MindsDB's chatbots of a project. This server offers no chatbots (they need
 * chat-app integrations), so the list is always empty; the shape is MindsDB's for any client that reads it.
 */
export const chatbotsSchema = z.array(z.looseObject({ name: z.string() })).max(0);
export type Chatbots = z.infer<typeof chatbotsSchema>;
