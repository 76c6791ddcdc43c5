import { z } from 'zod';

export const statusSchema = z.looseObject({
  mindsdb_version: z.string().optional(),
  environment: z.string().optional(),
  auth: z
    .looseObject({
      http_auth_enabled: z.boolean(),
      confirmed: z.boolean().optional(),
      provider: z.string().optional(),
    })
    .optional(),
});
export type Status = z.infer<typeof statusSchema>;

export const loginRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.looseObject({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /api/util/ping`. */
export const pingSchema = z.looseObject({ status: z.string() });
/** `GET /api/util/ping_native`: whether a model is learning, predicting or being analysed (never, here). */
export const pingNativeSchema = z.looseObject({
  learn: z.boolean(),
  predict: z.boolean(),
  analyse: z.boolean(),
});
