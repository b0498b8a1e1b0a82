import { describe, expect, it } from 'vitest';
import { readStoredPlace, type BookingPlace } from './booking-place';
import { postcodeMessage, preferredAddressId } from './place-rules';
import {
  EMPTY_SELECTION,
  addTreatment,
  chooseDate,
  choosePlace,
  chooseSlot,
  clearedSelection,
  readStoredSelection,
  type BookingSelection,
} from './selection-state';

// Where the treatment will be, as the selection remembers it (docs/decisions/0077).

const anna = { id: 'th-1', name: 'Anna Smith', username: 'anna', photoUrl: null };
const leith: BookingPlace = { postcode: 'EH6 5AA', addressId: null };

function withTime(place: BookingPlace | null): BookingSelection {
  let s = choosePlace(EMPTY_SELECTION, 'edinburgh', place);
  s = addTreatment(s, 'edinburgh', 'swedish');
  s = chooseDate(s, 'edinburgh', '2026-12-01');
  s = chooseSlot(s, 'edinburgh', anna, '2026-12-01T10:00:00.000Z');
  return { ...s, heldBookingId: 'b-1' };
}

describe('choosing where', () => {
  it('is kept through treatments, day and time', () => {
    const s = withTime(leith);
    expect(s.place).toEqual(leith);
    expect(s.selectedTime).toBe('2026-12-01T10:00:00.000Z');
  });

  it('another postcode drops the therapist, time and hold, keeping treatments and day', () => {
    const s = choosePlace(withTime(leith), 'edinburgh', { postcode: 'EH30 9AA', addressId: null });
    expect(s.place?.postcode).toBe('EH30 9AA');
    expect(s.selectedTreatments).toEqual(['swedish']);
    expect(s.selectedDate).toBe('2026-12-01');
    expect(s.selectedTherapist).toBeNull();
    expect(s.selectedTime).toBeNull();
    expect(s.heldBookingId).toBeNull();
  });

  it('a first postcode after browsing without one drops the time too: it was never checked', () => {
    expect(choosePlace(withTime(null), 'edinburgh', leith).selectedTime).toBeNull();
  });

  it('the same postcode changes nothing; a saved address with it keeps the time', () => {
    const before = withTime(leith);
    expect(choosePlace(before, 'edinburgh', { ...leith })).toBe(before);
    const saved = choosePlace(before, 'edinburgh', { postcode: 'EH6 5AA', addressId: 'a-1' });
    expect(saved.place).toEqual({ postcode: 'EH6 5AA', addressId: 'a-1' });
    expect(saved.selectedTime).toBe('2026-12-01T10:00:00.000Z');
  });

  it('going back to no postcode drops the time checked for the old one', () => {
    const s = choosePlace(withTime(leith), 'edinburgh', null);
    expect(s.place).toBeNull();
    expect(s.selectedTime).toBeNull();
  });

  it('is forgotten by clearSelected and by another city', () => {
    expect(clearedSelection(withTime(leith)).place).toBeNull();
    expect(addTreatment(withTime(leith), 'newcastle', 'facial').place).toBeNull();
  });
});

describe('a stored place', () => {
  it('round-trips with the rest of the selection', () => {
    const s = withTime({ postcode: 'EH6 5AA', addressId: 'a-1' });
    expect(readStoredSelection(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('is kept as stored, and dropped when it is not shaped like a stored postcode', () => {
    expect(readStoredPlace({ postcode: 'EH6 5AA' })).toEqual(leith);
    expect(readStoredPlace({ postcode: 'eh65aa' })).toBeNull();
    expect(readStoredPlace({ postcode: 'ZZ9 9ZZ 9' })).toBeNull();
    expect(readStoredPlace({ postcode: 7 })).toBeNull();
    expect(readStoredPlace('EH6 5AA')).toBeNull();
    expect(readStoredSelection({ place: { postcode: 'nowhere' } }).place).toBeNull();
  });
});

describe('the browser check of a postcode', () => {
  it('asks for one, then for a UK one, in the contract words', () => {
    expect(postcodeMessage('  ')).toBe('Enter a postcode');
    expect(postcodeMessage('12345')).toBe('Enter a UK postcode, like EH6 5AA');
    expect(postcodeMessage('eh30 9aa')).toBeNull();
  });
});

describe('the address checkout starts with', () => {
  const home = { id: 'a-home', postcode: 'EH1 1AA', isDefault: true };
  const mums = { id: 'a-mum', postcode: 'eh6 5aa', isDefault: false };
  const work = { id: 'a-work', postcode: 'EH6 5AA', isDefault: false };

  it('is the one the place was picked from', () => {
    expect(
      preferredAddressId([home, mums, work], { postcode: 'EH6 5AA', addressId: 'a-work' }),
    ).toBe('a-work');
  });

  it('else one with the postcode the times were checked for, however it was typed', () => {
    expect(preferredAddressId([home, mums, work], leith)).toBe('a-mum');
    // A saved address since deleted: its postcode still finds another.
    expect(preferredAddressId([home, work], { postcode: 'EH6 5AA', addressId: 'a-mum' })).toBe(
      'a-work',
    );
  });

  it('else the default, else the first, else none', () => {
    expect(preferredAddressId([mums, home], { postcode: 'EH30 9AA', addressId: null })).toBe(
      'a-home',
    );
    expect(preferredAddressId([mums, work], null)).toBe('a-mum');
    expect(preferredAddressId([], leith)).toBeNull();
  });
});
