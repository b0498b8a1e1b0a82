import { DAY_MS, type RulesConfig } from './constants';
import type { CustomerProfile, TherapistForRules } from './types';

export type VisibilityProblem =
  | 'inactive'
  | 'payments-not-connected'
  | 'other-area'
  | 'not-business'
  | 'gender-not-accepted'
  | 'no-recent-availability'
  | 'missing-service';

export interface VisibilityContext {
  city: string;
  /** null for a signed-out visitor: no business or gender filter applies. */
  customer: CustomerProfile | null;
  /** The selected non-add-on treatments (see baseTreatmentIds). */
  baseTreatmentIds: readonly string[];
  now: number;
  config: Pick<RulesConfig, 'availabilityPastDays'>;
}

// Cities arrive from URLs and forms as well as the database; a casing difference must not hide
// every therapist in a city.
function sameArea(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Every reason a therapist is not shown (docs/product.md#which-therapists-are-shown), in a fixed
 * order. Returning all of them rather than a boolean lets the admin tooling explain "why can't
 * customers see me?".
 */
export function therapistVisibilityProblems(
  t: TherapistForRules,
  ctx: VisibilityContext,
): VisibilityProblem[] {
  const problems: VisibilityProblem[] = [];
  if (!t.active) problems.push('inactive');
  if (!t.paymentsConnected) problems.push('payments-not-connected');
  if (!sameArea(t.area, ctx.city)) problems.push('other-area');
  const customer = ctx.customer;
  if (customer?.accountType === 'business' && !t.businessEnabled) problems.push('not-business');
  if (customer?.gender != null && !t.acceptedGenders.includes(customer.gender)) {
    problems.push('gender-not-accepted');
  }
  const oldestAcceptableEnd = ctx.now - ctx.config.availabilityPastDays * DAY_MS;
  if (t.latestAvailabilityEnd === null || t.latestAvailabilityEnd < oldestAcceptableEnd) {
    problems.push('no-recent-availability');
  }
  const offered = new Set(t.serviceIds);
  if (!ctx.baseTreatmentIds.every((id) => offered.has(id))) problems.push('missing-service');
  return problems;
}

export function isTherapistVisible(t: TherapistForRules, ctx: VisibilityContext): boolean {
  return therapistVisibilityProblems(t, ctx).length === 0;
}
