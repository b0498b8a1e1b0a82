import type { AvailabilityCache } from './availability-cache';
import type { CatalogueCache } from './catalogue-cache';

// Availability's part of what every use case is handed: declared here, not in app-context.ts, so
// the dependency runs one way, from availability to the context (docs/decisions/0071).
declare module '../app-context' {
  interface AppContext {
    /** Search answers kept for a few seconds; cleared by a change that frees or takes a slot. */
    availabilityCache: AvailabilityCache;
    /** A search's catalogue reads (facts, candidates), used while the catalogue version is unchanged. */
    catalogueCache: CatalogueCache;
  }
}
