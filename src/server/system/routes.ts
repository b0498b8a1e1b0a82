import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema } from '../../contract/system';
import type { AppContext } from '../app-context';
import { readMigrationState } from './migration-state';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // A liveness probe must answer while the database is slow or down, so it touches nothing.
    app.get(
      '/api/health/live',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness only: the process is up and serving requests',
          response: { 200: livenessSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database state',
          response: { 200: healthSchema },
        },
      },
      async () => ({
        status: 'ok' as const,
        environment: ctx.config.env,
        database: { kind: ctx.database.kind, migrations: await readMigrationState(ctx.db) },
      }),
    );
  };
