import { describe, expect, it } from 'vitest';
import type { NoDatesAnswer } from './api';
import { noDatesWords, type NoDatesSituation } from './no-dates-words';

const names = new Map([
  ['wax', 'Leg Wax'],
  ['swedish', 'Swedish Massage'],
  ['facial', 'Facial'],
]);

function situation(over: Partial<NoDatesSituation>): NoDatesSituation {
  return {
    why: { reason: 'none_free' },
    mainIds: ['wax'],
    names,
    categories: new Map([
      ['wax', 'Waxing'],
      ['swedish', 'Massage'],
      ['facial', 'Facials'],
      ['deep', 'Massage'],
      ['hot', 'Massage'],
    ]),
    menuOrder: ['swedish', 'facial', 'wax'],
    cityName: 'Edinburgh',
    therapist: null,
    postcode: null,
    ...over,
  };
}

describe('noDatesWords', () => {
  it('keeps the words for nobody free, with and without a place or a therapist', () => {
    expect(noDatesWords(situation({})).title).toBe(
      'No therapist is free for these treatments in the next 36 days.',
    );
    expect(noDatesWords(situation({ postcode: 'EH6 5AA' })).title).toBe(
      'No therapist who can reach EH6 5AA is free for these treatments in the next 36 days.',
    );
    expect(noDatesWords(situation({ therapist: 'Isla' })).title).toBe(
      'Isla has no free time for these treatments in the next 36 days.',
    );
  });

  it('says how much to add for the minimum spend, in pounds', () => {
    const why: NoDatesAnswer = {
      reason: 'below_minimum_spend',
      shortfallPence: 900,
      minimumPence: 2300,
    };
    expect(noDatesWords(situation({ why }))).toMatchObject({
      title: 'Add £9.00 more to book — therapists have a £23.00 minimum.',
      action: 'add-treatments',
    });
    expect(noDatesWords(situation({ why, therapist: 'Isla' })).title).toBe(
      'Add £9.00 more to book with Isla — Isla has a £23.00 minimum.',
    );
  });

  it('names what nobody offers, or that only the combination is missing', () => {
    const why: NoDatesAnswer = {
      reason: 'no_therapist_offers',
      offeredTreatmentIds: ['swedish', 'facial'],
    };
    expect(noDatesWords(situation({ why, mainIds: ['swedish', 'wax'] })).title).toBe(
      'No therapist in Edinburgh offers Leg Wax yet.',
    );
    expect(noDatesWords(situation({ why, mainIds: ['swedish', 'facial'] }))).toMatchObject({
      title: 'No therapist in Edinburgh offers Swedish Massage and Facial in one booking.',
      detail: 'Book them one at a time, or choose other treatments.',
    });
    expect(noDatesWords(situation({ why, therapist: 'Isla' }))).toMatchObject({
      title: 'Isla does not offer Leg Wax.',
      detail: 'Isla offers Swedish Massage and Facial.',
    });
  });

  it('tells a business account what it can book, or that nobody takes business bookings', () => {
    const why: NoDatesAnswer = { reason: 'no_business_therapist', offeredTreatmentIds: ['facial'] };
    expect(noDatesWords(situation({ why }))).toMatchObject({
      title: 'No business-enabled therapist offers Leg Wax yet.',
      detail: 'With a business account you can book Facial.',
    });
    // Many: said by category.
    const many: NoDatesAnswer = {
      reason: 'no_business_therapist',
      offeredTreatmentIds: ['swedish', 'facial', 'deep', 'hot', 'wax'],
    };
    const menuOrder = ['swedish', 'deep', 'hot', 'facial', 'wax'];
    expect(noDatesWords(situation({ why: many, mainIds: ['nails'], menuOrder })).detail).toBe(
      'With a business account you can book from Massage, Facials and Waxing.',
    );
    const none: NoDatesAnswer = { reason: 'no_business_therapist', offeredTreatmentIds: [] };
    expect(noDatesWords(situation({ why: none })).detail).toBe(
      'No therapist in Edinburgh takes bookings from business accounts yet.',
    );
    expect(noDatesWords(situation({ why: none, therapist: 'Isla' })).title).toBe(
      'Isla does not take bookings from business accounts.',
    );
  });
});
