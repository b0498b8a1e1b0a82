import type { BasketTotal } from './basket';
import type { VisibilityProblem } from './visibility';

/**
 * Why a search found no free day, so the date step can say what to do instead of "nobody is free"
 * (docs/decisions/0080), most actionable first:
 * - `no_therapist_offers`: nobody who can take this customer's bookings offers every chosen main
 *   treatment (in one booking): choose others, or fewer.
 * - `no_business_therapist`: some therapists offer them, but none takes business accounts.
 * - `below_minimum_spend`: everyone who could come has a minimum spend above the basket: the
 *   smallest shortfall, and the minimum it is measured against.
 * - `none_free`: someone could take the booking, but has no free time in the window.
 */
export type NoDatesReason =
  | { reason: 'no_therapist_offers' }
  | { reason: 'no_business_therapist' }
  | { reason: 'below_minimum_spend'; shortfallPence: number; minimumPence: number }
  | { reason: 'none_free' };

/** A therapist who offers the chosen main treatments, as the rules judged them for the search. */
export interface OfferingTherapist {
  /** therapistVisibilityProblems for this customer and basket; empty when shown. */
  problems: readonly VisibilityProblem[];
  total: Pick<BasketTotal, 'meetsMinimumSpend' | 'minimumSpendPence' | 'shortfallPence'>;
  /** False when they do not travel to the place asked about; true when none was given. */
  reachesPlace: boolean;
}

// Someone with no recent availability offers the treatments but has nothing free: they count as
// able to take the booking. Hidden from a business account (and only for that, or for that too):
// they say that a business-enabled therapist is what is missing.
const NO_TIMES: ReadonlySet<VisibilityProblem> = new Set(['no-recent-availability']);
const NOT_BUSINESS: ReadonlySet<VisibilityProblem> = new Set([
  'not-business',
  'no-recent-availability',
]);

const onlyAmong = (
  problems: readonly VisibilityProblem[],
  allowed: ReadonlySet<VisibilityProblem>,
): boolean => problems.every((p) => allowed.has(p));

/**
 * The reason for an answer with no dates, from the therapists who offer the treatments (whether
 * shown or not). Called only once a search has come back empty, so it never costs a search that
 * found days. When someone meets the minimum spend, the reason is that nobody is free, even if a
 * pricier therapist is: only the days of those who can take the basket are ever looked at.
 */
export function noDatesReason(offering: readonly OfferingTherapist[]): NoDatesReason {
  const couldTake = offering.filter((t) => onlyAmong(t.problems, NO_TIMES) && t.reachesPlace);
  if (couldTake.length === 0) {
    const forBusinessOnly = offering.some(
      (t) => t.problems.includes('not-business') && onlyAmong(t.problems, NOT_BUSINESS),
    );
    if (forBusinessOnly) return { reason: 'no_business_therapist' };
    // Offered, but nobody travels to the place: the search refuses that with its own words;
    // here it is simply nobody free.
    if (offering.some((t) => t.problems.length === 0)) return { reason: 'none_free' };
    return { reason: 'no_therapist_offers' };
  }
  const withTimes = couldTake.filter((t) => t.problems.length === 0);
  if (withTimes.length === 0 || withTimes.some((t) => t.total.meetsMinimumSpend)) {
    return { reason: 'none_free' };
  }
  // The therapist nearest to the basket: the smallest amount to add opens their days.
  const nearest = withTimes
    .map((t) => t.total)
    .reduce((a, b) => (b.shortfallPence < a.shortfallPence ? b : a));
  return {
    reason: 'below_minimum_spend',
    shortfallPence: nearest.shortfallPence,
    minimumPence: nearest.minimumSpendPence,
  };
}
