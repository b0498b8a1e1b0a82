import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { SWEEP_INTERVAL_MS, sweepExpiredHolds } from '../booking/expire-holds';
import { reconcilePayments } from '../checkout/reconcile-payments';
import { runProviderTasks } from '../payments/provider-tasks';
import { releaseTransfersAwaitingAccount } from '../payments/therapist-transfers';
import { queueTherapistTransfers } from '../checkout/queue-therapist-transfers';
import { EXPIRY_INTERVAL_MS, expireWalletCredit } from '../wallet/expire-credit';
import { COMPLETION_INTERVAL_MS, completePastBookings } from '../booking/complete-bookings';
import { REMINDER_INTERVAL_MS, sendDueReminders } from '../booking/send-reminders';
import { PRUNE_INTERVAL_MS, pruneCustomerEvents } from '../live/prune-customer-events';
import { REVIEW_REQUEST_INTERVAL_MS, sendReviewRequests } from '../reviews/send-review-requests';
import { WAITLIST_INTERVAL_MS, runWaitlist } from '../waitlist/run-waitlist';
import {
  EXPIRY_INTERVAL_MS as MEDIA_EXPIRY_INTERVAL_MS,
  expireBookingMedia,
} from '../booking-media/expire-booking-media';
import { startBackgroundJob } from './background-job';

/** The background work of every instance; each runs once at start, which is crash recovery. */
export function startJobs(app: FastifyInstance, ctx: AppContext): void {
  const paymentsEvery = ctx.config.payments.jobsIntervalSeconds * 1000;
  startBackgroundJob(app, {
    name: 'hold sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    run: () => sweepExpiredHolds(ctx, app.log),
  });
  startBackgroundJob(app, {
    name: 'payment reconciliation',
    intervalMs: paymentsEvery,
    run: () => reconcilePayments(ctx, app.log),
  });
  startBackgroundJob(app, {
    name: "therapists' transfers",
    intervalMs: paymentsEvery,
    run: () => queueTherapistTransfers(ctx, app.log),
  });
  startBackgroundJob(app, {
    name: 'transfers awaiting an account',
    intervalMs: paymentsEvery,
    run: () => releaseTransfersAwaitingAccount(ctx, app.log),
  });
  if (ctx.config.wallet.creditExpiryDays !== null) {
    startBackgroundJob(app, {
      name: 'wallet credit expiry',
      intervalMs: EXPIRY_INTERVAL_MS,
      run: () => expireWalletCredit(ctx),
    });
  }
  startBackgroundJob(app, {
    name: 'booking reminders',
    intervalMs: REMINDER_INTERVAL_MS,
    run: () => sendDueReminders(ctx),
  });
  startBackgroundJob(app, {
    name: 'booking completion',
    intervalMs: COMPLETION_INTERVAL_MS,
    run: () => completePastBookings(ctx),
  });
  startBackgroundJob(app, {
    name: 'review requests',
    intervalMs: REVIEW_REQUEST_INTERVAL_MS,
    run: () => sendReviewRequests(ctx),
  });
  startBackgroundJob(app, {
    name: 'waitlist offers',
    intervalMs: WAITLIST_INTERVAL_MS,
    run: () => runWaitlist(ctx, app.log),
  });
  startBackgroundJob(app, {
    name: 'live event pruning',
    intervalMs: PRUNE_INTERVAL_MS,
    run: () => pruneCustomerEvents(ctx.db, ctx.config.live.retentionMinutes),
  });
  startBackgroundJob(app, {
    name: 'booking photo expiry',
    intervalMs: MEDIA_EXPIRY_INTERVAL_MS,
    run: () => expireBookingMedia(ctx, app.log),
  });
  startBackgroundJob(app, {
    name: 'payment provider calls',
    intervalMs: paymentsEvery,
    run: () => runProviderTasks(ctx, app.log),
  });
}
