import { z } from 'zod';

// GET /api/health and /api/health/live.

export const livenessSchema = z.object({ status: z.literal('ok') });

export const healthSchema = z.object({
  status: z.literal('ok'),
  environment: z.enum(['production', 'staging']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({
      applied: z.number().int(),
      expected: z.number().int(),
      upToDate: z.boolean(),
    }),
  }),
});

export type Health = z.infer<typeof healthSchema>;
export type MigrationState = Health['database']['migrations'];
