import { describe, it, expect } from 'vitest';
import { DEFAULT_RULES_CONFIG } from './constants';
import type { CustomerProfile, TherapistForRules } from './types';
import {
  isTherapistVisible,
  therapistVisibilityProblems,
  type VisibilityContext,
  type VisibilityProblem,
} from './visibility';

const DAY = 24 * 60 * 60_000;
const now = Date.UTC(2026, 10, 21, 12, 0);

const therapist: TherapistForRules = {
  id: 't1',
  active: true,
  paymentsConnected: true,
  businessEnabled: false,
  area: 'Edinburgh',
  acceptedGenders: ['female', 'non-binary'],
  serviceIds: ['massage', 'facial'],
  minimumSpendPence: null,
  latestAvailabilityEnd: now + 10 * DAY,
};

const personal: CustomerProfile = { id: 'c1', accountType: 'personal', gender: 'female' };

function ctx(over: Partial<VisibilityContext> = {}): VisibilityContext {
  return {
    city: 'Edinburgh',
    customer: personal,
    baseTreatmentIds: ['massage'],
    now,
    config: DEFAULT_RULES_CONFIG,
    ...over,
  };
}

describe('therapistVisibilityProblems', () => {
  it('shows an active, connected therapist in the city who offers the treatments', () => {
    expect(therapistVisibilityProblems(therapist, ctx())).toEqual([]);
    expect(isTherapistVisible(therapist, ctx())).toBe(true);
  });

  const oneProblem: [Partial<TherapistForRules>, VisibilityProblem][] = [
    [{ active: false }, 'inactive'],
    [{ paymentsConnected: false }, 'payments-not-connected'],
    [{ area: 'Newcastle' }, 'other-area'],
    [{ acceptedGenders: ['male'] }, 'gender-not-accepted'],
    [{ serviceIds: ['facial'] }, 'missing-service'],
    [{ latestAvailabilityEnd: null }, 'no-recent-availability'],
  ];
  it.each(oneProblem)('hides a therapist with %o: %s', (change, problem) => {
    const t = { ...therapist, ...change };
    expect(therapistVisibilityProblems(t, ctx())).toEqual([problem]);
    expect(isTherapistVisible(t, ctx())).toBe(false);
  });

  it('matches the area regardless of case and surrounding spaces', () => {
    expect(therapistVisibilityProblems(therapist, ctx({ city: ' edinburgh ' }))).toEqual([]);
  });

  it('shows business accounts only business-enabled therapists', () => {
    const business: CustomerProfile = { ...personal, accountType: 'business' };
    expect(therapistVisibilityProblems(therapist, ctx({ customer: business }))).toEqual([
      'not-business',
    ]);
    const enabled = { ...therapist, businessEnabled: true };
    expect(therapistVisibilityProblems(enabled, ctx({ customer: business }))).toEqual([]);
  });

  it('applies no gender or business filter without a customer or without a gender', () => {
    const onlyMale = { ...therapist, acceptedGenders: ['male' as const] };
    expect(therapistVisibilityProblems(onlyMale, ctx({ customer: null }))).toEqual([]);
    const noGender: CustomerProfile = { ...personal, gender: null };
    expect(therapistVisibilityProblems(onlyMale, ctx({ customer: noGender }))).toEqual([]);
  });

  it('accepts availability ending exactly 1 day ago, not a minute earlier', () => {
    const edge = { ...therapist, latestAvailabilityEnd: now - DAY };
    expect(therapistVisibilityProblems(edge, ctx())).toEqual([]);
    const stale = { ...therapist, latestAvailabilityEnd: now - DAY - 60_000 };
    expect(therapistVisibilityProblems(stale, ctx())).toEqual(['no-recent-availability']);
  });

  it('needs every selected non-add-on treatment', () => {
    const both = ctx({ baseTreatmentIds: ['massage', 'facial'] });
    expect(therapistVisibilityProblems(therapist, both)).toEqual([]);
    const three = ctx({ baseTreatmentIds: ['massage', 'facial', 'nails'] });
    expect(therapistVisibilityProblems(therapist, three)).toEqual(['missing-service']);
    expect(therapistVisibilityProblems(therapist, ctx({ baseTreatmentIds: [] }))).toEqual([]);
  });

  it('reports every problem at once, in a fixed order', () => {
    const t: TherapistForRules = {
      ...therapist,
      active: false,
      paymentsConnected: false,
      area: 'Newcastle',
      acceptedGenders: [],
      serviceIds: [],
      latestAvailabilityEnd: null,
    };
    const business: CustomerProfile = { ...personal, accountType: 'business' };
    expect(therapistVisibilityProblems(t, ctx({ customer: business }))).toEqual([
      'inactive',
      'payments-not-connected',
      'other-area',
      'not-business',
      'gender-not-accepted',
      'no-recent-availability',
      'missing-service',
    ]);
  });
});
