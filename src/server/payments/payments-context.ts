import type { PaymentProvider } from './payment-provider';

// Payments' part of what every use case is handed: declared here, not in app-context.ts, so the
// dependency runs one way, from payments to the context (docs/decisions/0071).
declare module '../app-context' {
  interface AppContext {
    /** Card payments: the demo network, or Stripe when configured. */
    payments: PaymentProvider;
  }
}
