import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../domain/selection';
import type { CatalogueTreatment } from '../../../domain/types';
import {
  EMPTY_SELECTION,
  addTreatment,
  chooseDate,
  chooseSlot,
  clearedSelection,
  forgetSlot,
  preferTherapist,
  readStoredSelection,
  reconcileWithCatalogue,
  redirectFor,
  removeFromSelection,
  type BookingSelection,
} from './selection-state';

function t(id: string, extra: Partial<CatalogueTreatment> = {}): [string, CatalogueTreatment] {
  return [
    id,
    { id, pricePence: 5000, durationMinutes: 60, isAddOn: false, addOnIds: [], ...extra },
  ];
}

const catalogue: Catalogue = new Map([
  t('swedish', { addOnIds: ['stones', 'scalp'] }),
  t('facial', { addOnIds: ['led'] }),
  t('stones', { isAddOn: true }),
  t('scalp', { isAddOn: true }),
  t('led', { isAddOn: true }),
]);

const anna = { id: 'th-1', name: 'Anna Smith', username: 'anna', photoUrl: null };

function full(): BookingSelection {
  let s = addTreatment(EMPTY_SELECTION, 'edinburgh', 'swedish');
  s = addTreatment(s, 'edinburgh', 'stones');
  s = chooseDate(s, 'edinburgh', '2026-12-01');
  s = chooseSlot(s, 'edinburgh', anna, '2026-12-01T10:00:00.000Z');
  return { ...s, heldBookingId: 'b-1', referrer: { name: 'Jo', uid: 'u-9', value: 1000 } };
}

describe('booking selection', () => {
  it('adds treatments once each, in the order chosen, for the city', () => {
    let s = addTreatment(EMPTY_SELECTION, 'edinburgh', 'swedish');
    s = addTreatment(s, 'edinburgh', 'stones');
    s = addTreatment(s, 'edinburgh', 'swedish');
    expect(s.selectedLocation).toBe('edinburgh');
    expect(s.selectedTreatments).toEqual(['swedish', 'stones']);
  });

  it('starts afresh in another city, keeping only the referrer', () => {
    const s = addTreatment(full(), 'newcastle', 'facial');
    expect(s).toEqual({
      ...EMPTY_SELECTION,
      selectedLocation: 'newcastle',
      selectedTreatments: ['facial'],
      referrer: { name: 'Jo', uid: 'u-9', value: 1000 },
    });
  });

  it('removing the parent removes its add-ons: only add-ons never remain', () => {
    const s = removeFromSelection(full(), 'edinburgh', ['swedish'], catalogue);
    expect(s.selectedTreatments).toEqual([]);
    expect(s.selectedDate).toBeNull();
  });

  it('keeps add-ons whose parent is still there', () => {
    let s = addTreatment(full(), 'edinburgh', 'facial');
    s = addTreatment(s, 'edinburgh', 'led');
    s = removeFromSelection(s, 'edinburgh', ['swedish'], catalogue);
    expect(s.selectedTreatments).toEqual(['facial', 'led']);
  });

  it('a change of treatments drops the therapist, time and hold but keeps the day', () => {
    const s = addTreatment(full(), 'edinburgh', 'scalp');
    expect(s.selectedDate).toBe('2026-12-01');
    expect(s.selectedTherapist).toBeNull();
    expect(s.selectedTime).toBeNull();
    expect(s.heldBookingId).toBeNull();
  });

  it('a new day drops the therapist and time; the same day changes nothing', () => {
    const before = full();
    expect(chooseDate(before, 'edinburgh', '2026-12-01')).toBe(before);
    const s = chooseDate(before, 'edinburgh', '2026-12-02');
    expect(s.selectedTherapist).toBeNull();
    expect(s.selectedTime).toBeNull();
    expect(s.selectedTreatments).toEqual(['swedish', 'stones']);
  });

  it('forgetting the slot keeps treatments and day', () => {
    const s = forgetSlot(full());
    expect(s.selectedTreatments).toEqual(['swedish', 'stones']);
    expect(s.selectedDate).toBe('2026-12-01');
    expect(s.selectedTime).toBeNull();
    expect(s.heldBookingId).toBeNull();
  });

  it('clearSelected clears treatments, date, therapist, time and referrer', () => {
    expect(clearedSelection(full())).toEqual({ ...EMPTY_SELECTION, selectedLocation: 'edinburgh' });
  });

  it('drops treatments the catalogue no longer has, and their orphaned add-ons', () => {
    const s = { ...full(), selectedTreatments: ['gone', 'swedish', 'stones'] };
    const smaller: Catalogue = new Map([t('stones', { isAddOn: true }), t('facial')]);
    expect(reconcileWithCatalogue(s, 'edinburgh', smaller).selectedTreatments).toEqual([]);
    expect(reconcileWithCatalogue(full(), 'edinburgh', catalogue)).toEqual(full());
  });
});

describe('booking with a chosen therapist', () => {
  const isla = { id: 't-isla', username: 'isla', name: 'Isla Reid' };

  it('starts a booking in their city, and keeps them through treatments and day', () => {
    let s = preferTherapist(EMPTY_SELECTION, 'edinburgh', isla);
    expect(s).toEqual({
      ...EMPTY_SELECTION,
      selectedLocation: 'edinburgh',
      preferredTherapist: isla,
    });
    s = addTreatment(s, 'edinburgh', 'swedish');
    s = chooseDate(s, 'edinburgh', '2026-12-01');
    s = removeFromSelection(
      addTreatment(s, 'edinburgh', 'facial'),
      'edinburgh',
      ['facial'],
      catalogue,
    );
    expect(s.preferredTherapist).toEqual(isla);
    expect(redirectFor(s, 'edinburgh', 'select-therapist')).toBeNull();
  });

  it('keeps a basket in the same city, and drops one from another city', () => {
    const same = preferTherapist(full(), 'edinburgh', isla);
    expect(same.selectedTreatments).toEqual(['swedish', 'stones']);
    expect(same.selectedDate).toBe('2026-12-01');
    // The time was with Anna: it does not stand for Isla.
    expect(same.selectedTime).toBeNull();
    expect(same.heldBookingId).toBeNull();
    const elsewhere = preferTherapist(full(), 'newcastle', isla);
    expect(elsewhere.selectedTreatments).toEqual([]);
    expect(elsewhere.preferredTherapist).toEqual(isla);
  });

  it('keeps a time already chosen with that same therapist', () => {
    const s = preferTherapist(full(), 'edinburgh', {
      id: 't-anna',
      username: 'anna',
      name: 'Anna Smith',
    });
    expect(s.selectedTime).toBe('2026-12-01T10:00:00.000Z');
  });

  it('is forgotten by clearSelected and by another city', () => {
    const s = preferTherapist(full(), 'edinburgh', isla);
    expect(clearedSelection(s).preferredTherapist).toBeNull();
    expect(addTreatment(s, 'newcastle', 'facial').preferredTherapist).toBeNull();
  });

  it('reads a stored preference defensively', () => {
    expect(readStoredSelection({ preferredTherapist: isla }).preferredTherapist).toEqual(isla);
    expect(
      readStoredSelection({ preferredTherapist: { username: 3 } }).preferredTherapist,
    ).toBeNull();
    // Stored before it had an id: no days could be asked for with it.
    expect(
      readStoredSelection({ preferredTherapist: { username: 'isla', name: 'Isla Reid' } })
        .preferredTherapist,
    ).toBeNull();
  });
});

describe('step guard', () => {
  it('sends each later step back to the first missing choice', () => {
    const none = EMPTY_SELECTION;
    expect(redirectFor(none, 'edinburgh', 'select-treatments')).toBeNull();
    expect(redirectFor(none, 'edinburgh', 'select-date')).toBe('select-treatments');
    expect(redirectFor(none, 'edinburgh', 'confirm-booking')).toBe('select-treatments');

    const treatments = addTreatment(none, 'edinburgh', 'swedish');
    expect(redirectFor(treatments, 'edinburgh', 'select-date')).toBeNull();
    expect(redirectFor(treatments, 'edinburgh', 'select-therapist')).toBe('select-date');

    const dated = chooseDate(treatments, 'edinburgh', '2026-12-01');
    expect(redirectFor(dated, 'edinburgh', 'select-therapist')).toBeNull();
    expect(redirectFor(dated, 'edinburgh', 'confirm-booking')).toBe('select-therapist');

    expect(redirectFor(full(), 'edinburgh', 'confirm-booking')).toBeNull();
  });

  it("treats another city's selection as no selection", () => {
    expect(redirectFor(full(), 'newcastle', 'select-date')).toBe('select-treatments');
  });
});

describe('readStoredSelection', () => {
  it('round-trips a real selection', () => {
    expect(readStoredSelection(JSON.parse(JSON.stringify(full())))).toEqual(full());
  });

  it('drops malformed fields instead of trusting them', () => {
    expect(readStoredSelection('nonsense')).toEqual(EMPTY_SELECTION);
    expect(
      readStoredSelection({
        selectedLocation: 7,
        selectedTreatments: ['a', 3, 'a', null],
        selectedTherapist: { id: 'x' },
        referrer: { name: 'Jo', uid: 'u', value: '10' },
      }),
    ).toEqual({ ...EMPTY_SELECTION, selectedTreatments: ['a'] });
  });
});
