import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';
import type { Catalogue } from '../../../domain/selection';
import { trackAddToCart, trackRemoveFromCart, type CartItem } from '../../lib/analytics';
import type { Treatment } from '../catalogue';
import type { BookingPlace } from './booking-place';
import {
  EMPTY_SELECTION,
  addTreatment,
  chooseDate,
  choosePlace,
  chooseSlot,
  clearedSelection,
  forgetSlot,
  preferTherapist,
  readStoredSelection,
  reconcileWithCatalogue,
  removeFromSelection,
  selectionForCity,
  type BookingSelection,
  type PreferredTherapist,
  type Referrer,
  type SelectedTherapist,
} from './selection-state';

// The booking selection survives a reload (docs/product.md#the-booking-flow), so it lives in
// localStorage under one key.
export const BOOKING_STORAGE_KEY = 'glow.booking';

interface BookingActions {
  add: (city: string, treatment: Treatment) => void;
  remove: (city: string, ids: readonly string[], treatments: readonly Treatment[]) => void;
  reconcile: (city: string, treatments: readonly Treatment[]) => void;
  setDate: (city: string, date: string) => void;
  /** Where the treatment will be; null to browse without a postcode. */
  setPlace: (city: string, place: BookingPlace | null) => void;
  setSlot: (city: string, therapist: SelectedTherapist, time: string) => void;
  forgetSlot: () => void;
  /** "Book with {name}": start (or carry on) a booking in their city with them first. */
  preferTherapist: (city: string, therapist: PreferredTherapist) => void;
  /** Show every therapist alike again. */
  clearPreferredTherapist: () => void;
  setHeldBooking: (id: string | null) => void;
  /** Who referred the customer, from a validated referral link. */
  setReferrer: (referrer: Referrer | null) => void;
  /**
   * docs/product.md#the-booking-flow: clears treatments, date, therapist, time, referrer and the
   * stored selection.
   */
  clearSelected: () => void;
}

export type BookingStore = BookingSelection & BookingActions;

export function toCatalogue(treatments: readonly Treatment[]): Catalogue {
  return new Map(treatments.map((t) => [t.id, t]));
}

const cartItem = (t: Treatment): CartItem => ({
  id: t.id,
  name: t.name,
  category: t.category,
  pricePence: t.pricePence,
});

function selectionOf(state: BookingStore): BookingSelection {
  return {
    selectedLocation: state.selectedLocation,
    selectedTreatments: state.selectedTreatments,
    selectedDate: state.selectedDate,
    selectedTherapist: state.selectedTherapist,
    preferredTherapist: state.preferredTherapist,
    selectedTime: state.selectedTime,
    referrer: state.referrer,
    heldBookingId: state.heldBookingId,
    place: state.place,
  };
}

export const useBookingStore = create<BookingStore>()(
  persist(
    (set, get) => ({
      ...EMPTY_SELECTION,
      add: (city, treatment) => {
        const before = selectionOf(get());
        const next = addTreatment(before, city, treatment.id);
        if (next === before) return;
        set(next);
        trackAddToCart([cartItem(treatment)]);
      },
      remove: (city, ids, treatments) => {
        const before = selectionForCity(selectionOf(get()), city);
        const next = removeFromSelection(before, city, ids, toCatalogue(treatments));
        const gone = new Set(
          before.selectedTreatments.filter((id) => !next.selectedTreatments.includes(id)),
        );
        if (gone.size === 0) return;
        set(next);
        // Add-ons that fell with their parent are reported too: they left the basket as well.
        trackRemoveFromCart(treatments.filter((t) => gone.has(t.id)).map(cartItem));
      },
      reconcile: (city, treatments) => {
        const before = selectionOf(get());
        if (before.selectedLocation !== city) return;
        const next = reconcileWithCatalogue(before, city, toCatalogue(treatments));
        if (next !== before) set(next);
      },
      setDate: (city, date) => set(chooseDate(selectionOf(get()), city, date)),
      setPlace: (city, place) => set(choosePlace(selectionOf(get()), city, place)),
      setSlot: (city, therapist, time) =>
        set(chooseSlot(selectionOf(get()), city, therapist, time)),
      forgetSlot: () => set(forgetSlot(selectionOf(get()))),
      preferTherapist: (city, therapist) =>
        set(preferTherapist(selectionOf(get()), city, therapist)),
      clearPreferredTherapist: () => set({ preferredTherapist: null }),
      setHeldBooking: (id) => set({ heldBookingId: id }),
      setReferrer: (referrer) => set({ referrer }),
      clearSelected: () => {
        set(clearedSelection(selectionOf(get())));
        // Persist has just written the cleared state back; clearing removes the stored copy too.
        useBookingStore.persist.clearStorage();
      },
    }),
    {
      name: BOOKING_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: selectionOf,
      merge: (stored, current) => ({ ...current, ...readStoredSelection(stored) }),
    },
  ),
);

/**
 * The selection as it applies to `city` (empty when it was made for another city). Compared field
 * by field, so a component re-renders only when the selection changes: taking the whole store
 * also changed on the persisted copy's first read, even with nothing stored, and React then
 * re-drew a hydrated page synchronously, the whole treatment list in one long task.
 */
export function useCitySelection(city: string): BookingSelection {
  return useBookingStore(useShallow((state) => selectionForCity(selectionOf(state), city)));
}
