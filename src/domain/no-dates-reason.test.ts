import { describe, expect, it } from 'vitest';
import { basketTotal } from './basket';
import { DEFAULT_RULES_CONFIG } from './constants';
import { noDatesReason, type OfferingTherapist } from './no-dates-reason';
import type { VisibilityProblem } from './visibility';

// A £14 wax alone, against a therapist's minimum spend (null: the £23 default).
function offering(
  over: { problems?: VisibilityProblem[]; minimumPence?: number | null; reaches?: boolean } = {},
  basketPence = 1400,
): OfferingTherapist {
  return {
    problems: over.problems ?? [],
    total: basketTotal(
      [{ pricePence: basketPence, durationMinutes: 30 }],
      over.minimumPence ?? null,
      DEFAULT_RULES_CONFIG,
    ),
    reachesPlace: over.reaches ?? true,
  };
}

describe('noDatesReason', () => {
  it('says nobody offers the treatments when no therapist does, or none who can take the customer', () => {
    expect(noDatesReason([])).toEqual({ reason: 'no_therapist_offers' });
    expect(noDatesReason([offering({ problems: ['gender-not-accepted'] })])).toEqual({
      reason: 'no_therapist_offers',
    });
  });

  it('says no business-enabled therapist offers them when only that hides the ones who do', () => {
    expect(
      noDatesReason([
        offering({ problems: ['not-business'] }),
        offering({ problems: ['not-business', 'no-recent-availability'] }),
        offering({ problems: ['not-business', 'gender-not-accepted'] }),
      ]),
    ).toEqual({ reason: 'no_business_therapist' });
  });

  it('gives the smallest shortfall, in pence, and the minimum it is measured against', () => {
    // £14 against £23 (the default) and £40: £9 more opens the first therapist's days.
    expect(noDatesReason([offering({ minimumPence: 4000 }), offering()])).toEqual({
      reason: 'below_minimum_spend',
      shortfallPence: 900,
      minimumPence: 2300,
    });
    // Someone hidden for another reason does not count: only the £40 therapist could come.
    expect(
      noDatesReason([
        offering({ minimumPence: 4000 }),
        offering({ problems: ['not-business'] }),
        offering({ reaches: false }),
      ]),
    ).toEqual({ reason: 'below_minimum_spend', shortfallPence: 2600, minimumPence: 4000 });
  });

  it('says nobody is free when someone could take the basket', () => {
    expect(noDatesReason([offering({}, 2500), offering({ minimumPence: 4000 }, 2500)])).toEqual({
      reason: 'none_free',
    });
    // Offered, but with no availability at all lately: nothing free, whatever the basket.
    expect(noDatesReason([offering({ problems: ['no-recent-availability'] })])).toEqual({
      reason: 'none_free',
    });
    // Offered, but not at this place (the search says so in its own words).
    expect(noDatesReason([offering({ reaches: false }, 2500)])).toEqual({ reason: 'none_free' });
  });
});
