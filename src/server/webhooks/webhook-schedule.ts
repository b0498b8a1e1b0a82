// When a webhook that was not delivered is tried again. A receiver that is down for a deploy or
// a night must still get its events, so retries go on for days (72 hours, as Stripe's do), with
// waits that double from 10 s up to an hour: quick recovery from a blip, little load on a long
// outage. Pure, so the schedule is tested without a clock.

export interface WebhookRetrySettings {
  backoffBaseMs: number;
  backoffCapMs: number;
  /** No attempt is scheduled later than this after the event was written. */
  giveUpAfterMs: number;
}

export const DEFAULT_WEBHOOK_RETRY: WebhookRetrySettings = {
  backoffBaseMs: 10_000,
  backoffCapMs: 60 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
};

/** The wait after the attempts-th attempt failed (attempts counts from 1). */
export function retryDelayMs(attempts: number, settings: WebhookRetrySettings): number {
  const exponent = Math.min(Math.max(0, attempts - 1), 30); // 2 ** 30 * base is past any cap
  return Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** exponent);
}

/**
 * After a failed attempt: wait this long and try again, or give up (null) when that next try
 * would fall after the give-up age. ageMs is how long ago the event was written.
 */
export function nextRetryInMs(
  attempts: number,
  ageMs: number,
  settings: WebhookRetrySettings,
): number | null {
  const delay = retryDelayMs(attempts, settings);
  return ageMs + delay > settings.giveUpAfterMs ? null : delay;
}
