import { describe, expect, it } from 'vitest';
import { canBookAgain, planRebook } from './rebook';
import type { Catalogue } from './selection';
import type { CatalogueTreatment } from './types';

const t = (id: string, isAddOn = false, addOnIds: string[] = []): CatalogueTreatment => ({
  id,
  pricePence: 1000,
  durationMinutes: 30,
  isAddOn,
  addOnIds,
});
const catalogue: Catalogue = new Map(
  [t('massage', false, ['stones']), t('stones', true), t('gel', false), t('facial')].map((x) => [
    x.id,
    x,
  ]),
);
const item = (treatmentId: string) => ({
  treatmentId,
  name: treatmentId.replace(/^./, (c) => c.toUpperCase()),
});
const booked = [item('massage'), item('stones'), item('gel')];
const offersAll = { offeredTreatmentIds: ['massage', 'gel', 'facial'] };

describe('canBookAgain', () => {
  it('offers it on completed and cancelled bookings only', () => {
    expect(canBookAgain('completed')).toBe(true);
    expect(canBookAgain('cancelled')).toBe(true);
    for (const s of ['held', 'requires_action', 'confirmed', 'expired', 'failed']) {
      expect(canBookAgain(s)).toBe(false);
    }
  });
});

describe('planRebook', () => {
  it('books the same again in one choice when nothing changed', () => {
    expect(planRebook(booked, catalogue, offersAll)).toEqual({
      same: true,
      therapistGone: false,
      withdrawn: [],
      notOffered: [],
      choices: [{ withTherapist: true, treatmentIds: ['massage', 'stones', 'gel'] }],
    });
  });

  it('offers the same treatments with anyone when the therapist has left', () => {
    expect(planRebook(booked, catalogue, null)).toEqual({
      same: false,
      therapistGone: true,
      withdrawn: [],
      notOffered: [],
      choices: [{ withTherapist: false, treatmentIds: ['massage', 'stones', 'gel'] }],
    });
  });

  it('offers the therapist without what they no longer offer, or anyone keeping it', () => {
    const plan = planRebook(booked, catalogue, { offeredTreatmentIds: ['massage'] });
    expect(plan.same).toBe(false);
    expect(plan.notOffered).toEqual([{ treatmentId: 'gel', name: 'Gel' }]);
    expect(plan.choices).toEqual([
      { withTherapist: true, treatmentIds: ['massage', 'stones'] },
      { withTherapist: false, treatmentIds: ['massage', 'stones', 'gel'] },
    ]);
  });

  it('drops an add-on with the treatment the therapist no longer offers', () => {
    const plan = planRebook(booked, catalogue, { offeredTreatmentIds: ['gel'] });
    expect(plan.notOffered.map((i) => i.treatmentId)).toEqual(['massage']);
    expect(plan.choices[0]).toEqual({ withTherapist: true, treatmentIds: ['gel'] });
  });

  it('offers only anyone when the therapist offers none of it', () => {
    const plan = planRebook([item('gel')], catalogue, { offeredTreatmentIds: ['massage'] });
    expect(plan.choices).toEqual([{ withTherapist: false, treatmentIds: ['gel'] }]);
  });

  it('drops a withdrawn treatment, and the add-ons that hung from it, and says so', () => {
    const smaller: Catalogue = new Map([...catalogue].filter(([id]) => id !== 'massage'));
    const plan = planRebook(booked, smaller, offersAll);
    expect(plan.withdrawn).toEqual(['Massage', 'Stones']);
    expect(plan.same).toBe(false);
    expect(plan.choices).toEqual([{ withTherapist: true, treatmentIds: ['gel'] }]);
  });

  it('has no choice when nothing of the booking is offered any more', () => {
    const empty: Catalogue = new Map();
    for (const therapist of [offersAll, null]) {
      const plan = planRebook(booked, empty, therapist);
      expect(plan.choices).toEqual([]);
      expect(plan.same).toBe(false);
      expect(plan.withdrawn).toEqual(['Massage', 'Stones', 'Gel']);
    }
  });

  it('books a treatment once even when the booking listed it twice', () => {
    const plan = planRebook([item('facial'), item('facial')], catalogue, offersAll);
    expect(plan.choices).toEqual([{ withTherapist: true, treatmentIds: ['facial'] }]);
  });
});
