import type { Mailer } from './mailer';

// Mail's part of what every use case is handed: declared here, not in app-context.ts, so the
// dependency runs one way, from mail to the context (docs/decisions/0071).
declare module '../app-context' {
  interface AppContext {
    /** Queues mail in the outbox and wakes this instance's mail worker (which runs with SMTP_URL). */
    mailer: Mailer;
  }
}
