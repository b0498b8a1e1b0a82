import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../server/app';
import type { Database } from '../server/db/client';
import { FAST_PASSWORD_HASHER } from './fast-password-hasher';
import { testConfig } from './test-config';

/**
 * The real app on a test database: quiet, no built web app, settings overridable per test, and
 * passwords hashed cheaply unless a test passes a hasher (fast-password-hasher.ts says why).
 */
export function buildTestApp(
  database: Database,
  options: Omit<Partial<AppDeps>, 'config' | 'database'> & { env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const { env, ...deps } = options;
  return buildApp({
    logger: false,
    webDistDir: '/nonexistent',
    passwordHasher: FAST_PASSWORD_HASHER,
    ...deps,
    config: testConfig(env),
    database,
  });
}
