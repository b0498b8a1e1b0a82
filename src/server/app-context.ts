import type { FastifyRequest } from 'fastify';
import type { CustomerProfile } from '../domain/types';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';

/**
 * What every route and use case may depend on. The clock is injected so tests can freeze time.
 *
 * Every folder of src/server imports this, so it names nothing of theirs (docs/decisions/0071): a
 * folder that puts a service here adds its field from its own side, as Fastify's decorators do,
 * in its `*-context.ts` (availability's caches, mail's mailer, media's storage, payments'
 * provider).
 */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  /** The signed-in customer's profile as the booking rules see it, or null when signed out. */
  currentCustomer: (request: FastifyRequest) => Promise<CustomerProfile | null>;
  /** Web Push: the public key browsers subscribe with; null when push is off (production without keys). */
  push: { publicKey: string } | null;
  /** A per-process token the admin CLI reads from the data-folder lock to reach /api/internal. */
  cliToken?: string;
}
