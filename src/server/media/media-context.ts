import type { MediaStorage } from './media-storage';

// Media's part of what every use case is handed: declared here, not in app-context.ts, so the
// dependency runs one way, from media to the context (docs/decisions/0071).
declare module '../app-context' {
  interface AppContext {
    /** Uploaded files: therapists' photos (local disk under the data folder by default). */
    media: MediaStorage;
    /**
     * Customers' uploads (the photos for their therapist, docs/decisions/0093): the S3 bucket
     * when UPLOADS_BUCKET is set, else the same disk as media. Never public: read through the
     * booking's routes, or by a link signed with linkSecret.
     */
    uploads: { storage: MediaStorage; linkSecret: string };
  }
}
