import type { ValidatedReferral } from '../../../contract/referrals';
import { removeTreatments, type Catalogue } from '../../../domain/selection';
import { readStoredPlace, samePlace, type BookingPlace } from './booking-place';

// The booking selection (docs/product.md#the-booking-flow) and the rules for moving through it, as
// pure functions so the order of the steps can be tested without a browser.

export interface SelectedTherapist {
  id: string;
  name: string;
  username: string;
  photoUrl: string | null;
}

/**
 * The therapist the customer set out to book ("Book with {name}" on a profile): kept through
 * changes of treatments and day, so the steps show their treatments and free days, and
 * select-therapist their times first.
 */
export interface PreferredTherapist {
  /** What the availability routes take (the dates of one therapist). */
  id: string;
  username: string;
  name: string;
}

/**
 * A referral that gives credit at checkout (value in pence), as the server's validation
 * answers it: the contract's shape, so the two cannot drift apart.
 */
export type Referrer = ValidatedReferral['referred_by'];

export interface BookingSelection {
  /** The city slug the selection belongs to. */
  selectedLocation: string | null;
  /** Treatment ids in the order they were chosen. */
  selectedTreatments: string[];
  /** A UK calendar day, YYYY-MM-DD. */
  selectedDate: string | null;
  selectedTherapist: SelectedTherapist | null;
  /** Whose times come first on select-therapist; not a choice of slot. */
  preferredTherapist: PreferredTherapist | null;
  /** The chosen start, an ISO instant. */
  selectedTime: string | null;
  referrer: Referrer | null;
  /** The booking holding the chosen slot while the customer pays, so a reload can resume it. */
  heldBookingId: string | null;
  /** Where the treatment will be; null: browsing, the times are to be confirmed for the address. */
  place: BookingPlace | null;
}

export const EMPTY_SELECTION: BookingSelection = Object.freeze({
  selectedLocation: null,
  selectedTreatments: [],
  selectedDate: null,
  selectedTherapist: null,
  preferredTherapist: null,
  selectedTime: null,
  referrer: null,
  heldBookingId: null,
  place: null,
});

/** Steps of the flow, in order. */
export type BookingStep =
  'select-treatments' | 'select-date' | 'select-therapist' | 'confirm-booking';

/**
 * The selection as seen from one city: another city's treatments mean nothing here, so a stored
 * selection for a different city reads as empty (the referrer belongs to the customer and stays).
 */
export function selectionForCity(state: BookingSelection, city: string): BookingSelection {
  if (state.selectedLocation === city) return state;
  return { ...EMPTY_SELECTION, selectedLocation: city, referrer: state.referrer };
}

// A different set of treatments changes the duration and who can do them, so the therapist and
// time chosen for the old set no longer stand. The day stays as the customer's preference; the
// therapist page re-checks it against the new treatments.
function withTreatments(state: BookingSelection, ids: string[]): BookingSelection {
  const same =
    ids.length === state.selectedTreatments.length &&
    ids.every((id, i) => id === state.selectedTreatments[i]);
  if (same) return state;
  return {
    ...state,
    selectedTreatments: ids,
    selectedTherapist: null,
    selectedTime: null,
    heldBookingId: null,
    selectedDate: ids.length === 0 ? null : state.selectedDate,
  };
}

export function addTreatment(state: BookingSelection, city: string, id: string): BookingSelection {
  const current = selectionForCity(state, city);
  if (current.selectedTreatments.includes(id)) return current;
  return withTreatments(current, [...current.selectedTreatments, id]);
}

/**
 * Removes treatments by the rule of docs/product.md#the-booking-flow: add-ons left without a parent
 * go too.
 */
export function removeFromSelection(
  state: BookingSelection,
  city: string,
  ids: readonly string[],
  catalogue: Catalogue,
): BookingSelection {
  const current = selectionForCity(state, city);
  return withTreatments(current, removeTreatments(current.selectedTreatments, ids, catalogue));
}

/**
 * Drops what the city's catalogue no longer has (a treatment withdrawn since the selection was
 * stored), and the add-ons that leaves without a parent.
 */
export function reconcileWithCatalogue(
  state: BookingSelection,
  city: string,
  catalogue: Catalogue,
): BookingSelection {
  const current = selectionForCity(state, city);
  const unknown = current.selectedTreatments.filter((id) => !catalogue.has(id));
  const kept = removeTreatments(current.selectedTreatments, unknown, catalogue).filter((id) =>
    catalogue.has(id),
  );
  return withTreatments(current, kept);
}

export function chooseDate(state: BookingSelection, city: string, date: string): BookingSelection {
  const current = selectionForCity(state, city);
  if (current.selectedDate === date) return current;
  return {
    ...current,
    selectedDate: date,
    selectedTherapist: null,
    selectedTime: null,
    heldBookingId: null,
  };
}

/**
 * Where the treatment will be. Another postcode changes who can get there and when, so the
 * therapist and time chosen for the old one no longer stand; the day stays, as with treatments.
 * Another saved address with the same postcode changes nothing the times were checked for.
 */
export function choosePlace(
  state: BookingSelection,
  city: string,
  place: BookingPlace | null,
): BookingSelection {
  const current = selectionForCity(state, city);
  if (samePlace(current.place, place)) return current;
  if (current.place?.postcode === place?.postcode) return { ...current, place };
  return { ...current, place, selectedTherapist: null, selectedTime: null, heldBookingId: null };
}

/**
 * "Book with {name}": a booking in the therapist's city with them first in line. A basket already
 * started in that city is kept; one from another city cannot be had with them and starts afresh.
 */
export function preferTherapist(
  state: BookingSelection,
  city: string,
  therapist: PreferredTherapist,
): BookingSelection {
  const current = selectionForCity(state, city);
  const same = current.selectedTherapist?.username === therapist.username;
  return {
    ...current,
    preferredTherapist: therapist,
    ...(same ? {} : { selectedTherapist: null, selectedTime: null, heldBookingId: null }),
  };
}

export function chooseSlot(
  state: BookingSelection,
  city: string,
  therapist: SelectedTherapist,
  time: string,
): BookingSelection {
  const current = selectionForCity(state, city);
  return { ...current, selectedTherapist: therapist, selectedTime: time, heldBookingId: null };
}

/** After a slot is lost (taken, declined, expired): choose a time again, keeping the rest. */
export function forgetSlot(state: BookingSelection): BookingSelection {
  return { ...state, selectedTherapist: null, selectedTime: null, heldBookingId: null };
}

/**
 * docs/product.md#the-booking-flow: clearSelected clears treatments, date, therapist, time and
 * referrer; the place goes too, since the next booking may be somewhere else.
 */
export function clearedSelection(state: BookingSelection): BookingSelection {
  return { ...EMPTY_SELECTION, selectedLocation: state.selectedLocation };
}

/**
 * The furthest step the selection allows in `city`. A later step asked for without the earlier
 * choices sends the customer here.
 */
export function furthestStep(state: BookingSelection, city: string): BookingStep {
  const current = selectionForCity(state, city);
  if (current.selectedTreatments.length === 0) return 'select-treatments';
  if (current.selectedDate === null) return 'select-date';
  if (current.selectedTherapist === null || current.selectedTime === null) {
    return 'select-therapist';
  }
  return 'confirm-booking';
}

const ORDER: BookingStep[] = [
  'select-treatments',
  'select-date',
  'select-therapist',
  'confirm-booking',
];

/** Where to send a customer who opened `step`: null when they may stay. */
export function redirectFor(
  state: BookingSelection,
  city: string,
  step: BookingStep,
): BookingStep | null {
  const furthest = furthestStep(state, city);
  return ORDER.indexOf(step) > ORDER.indexOf(furthest) ? furthest : null;
}

export function previousStep(step: BookingStep): BookingStep | null {
  return ORDER[ORDER.indexOf(step) - 1] ?? null;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const stringOrNull = (v: unknown): string | null => (isString(v) ? v : null);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads a stored selection defensively: storage is user-editable and outlives deployments, so
 * anything malformed is dropped field by field rather than trusted or allowed to crash the page.
 */
export function readStoredSelection(value: unknown): BookingSelection {
  if (!isRecord(value)) return EMPTY_SELECTION;
  const therapist = value.selectedTherapist;
  const referrer = value.referrer;
  return {
    selectedLocation: stringOrNull(value.selectedLocation),
    selectedTreatments: Array.isArray(value.selectedTreatments)
      ? [...new Set(value.selectedTreatments.filter(isString))]
      : [],
    selectedDate: stringOrNull(value.selectedDate),
    // One stored before it had an id is dropped: the steps could not show their days.
    preferredTherapist:
      isRecord(value.preferredTherapist) &&
      isString(value.preferredTherapist.id) &&
      isString(value.preferredTherapist.username) &&
      isString(value.preferredTherapist.name)
        ? {
            id: value.preferredTherapist.id,
            username: value.preferredTherapist.username,
            name: value.preferredTherapist.name,
          }
        : null,
    selectedTherapist:
      isRecord(therapist) &&
      isString(therapist.id) &&
      isString(therapist.name) &&
      isString(therapist.username)
        ? {
            id: therapist.id,
            name: therapist.name,
            username: therapist.username,
            photoUrl: stringOrNull(therapist.photoUrl),
          }
        : null,
    selectedTime: stringOrNull(value.selectedTime),
    referrer:
      isRecord(referrer) &&
      isString(referrer.name) &&
      isString(referrer.uid) &&
      typeof referrer.value === 'number'
        ? { name: referrer.name, uid: referrer.uid, value: referrer.value }
        : null,
    heldBookingId: stringOrNull(value.heldBookingId),
    place: readStoredPlace(value.place),
  };
}
