import { z } from 'zod';

/** `GET /api/config`: the instance's login settings (never the password). */
export const configSchema = z.looseObject({
  auth: z.looseObject({
    http_auth_enabled: z.boolean(),
    /** Ours: who may log in (null when no user is set). */
    username: z.string().nullable().optional(),
  }),
});
export type Config = z.infer<typeof configSchema>;

/** `PUT /api/config`: login on or off, and its user. Any other key is refused by name (strict). */
export const configChangeSchema = z
  .object({
    auth: z
      .object({
        http_auth_enabled: z.boolean().optional(),
        username: z.string().min(1, 'must not be empty').optional(),
        password: z.string().min(1, 'must not be empty').optional(),
      })
      .strict(),
  })
  .strict();
export type ConfigChange = z.infer<typeof configChangeSchema>;

/** MindsDB answers several changes (config, logout, file upload and delete) with 200 and the JSON string "". */
export const emptyAnswerSchema = z.literal('');
