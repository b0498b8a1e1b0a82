import type { FastifyRequest } from 'fastify';
import type { CustomerProfile } from '../domain/types';
import type { AvailabilityCache } from './booking/availability-cache';
import type { CatalogueCache } from './booking/catalogue-cache';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { MediaStorage } from './media/media-storage';
import type { PaymentProvider } from './payments/payment-provider';

/** What every route and use case may depend on. The clock is injected so tests can freeze time. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  availabilityCache: AvailabilityCache;
  /** A search's catalogue reads (facts, candidates), used while the catalogue version is unchanged. */
  catalogueCache: CatalogueCache;
  /** Queues mail in the outbox and wakes this instance's mail worker (which runs with SMTP_URL). */
  mailer: Mailer;
  /** Uploaded files: therapists' photos (local disk under the data folder by default). */
  media: MediaStorage;
  /** Card payments: the demo network, or Stripe when configured. */
  payments: PaymentProvider;
  /** The signed-in customer's profile as the booking rules see it, or null when signed out. */
  currentCustomer: (request: FastifyRequest) => Promise<CustomerProfile | null>;
  /** Web Push: the public key browsers subscribe with; null when push is off (production without keys). */
  push: { publicKey: string } | null;
  /** A per-process token the admin CLI reads from the data-folder lock to reach /api/internal. */
  cliToken?: string;
}
