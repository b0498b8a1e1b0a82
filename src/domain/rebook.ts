import { removeTreatments, type Catalogue } from './selection';

// "Book again" (docs/decisions/0088): what of a past booking can be booked again as it was, and
// the closest alternative when the therapist has left, no longer offers a treatment, or a
// treatment has left the catalogue. Pure, so the web app's button and its tests agree.

/** Past bookings that offer "Book again": had (completed) or meant to have (cancelled). */
const REBOOKABLE = new Set(['completed', 'cancelled']);

export function canBookAgain(status: string): boolean {
  return REBOOKABLE.has(status);
}

export interface RebookItem {
  treatmentId: string;
  name: string;
}

/**
 * The booking's therapist as things stand: the main treatments they offer in the booking's city,
 * or null when they no longer take bookings there (left, paused, or moved to another city).
 */
export type RebookTherapist = { offeredTreatmentIds: readonly string[] } | null;

/** One way on: straight to the date step with these treatments, with the therapist or anyone. */
export interface RebookChoice {
  withTherapist: boolean;
  treatmentIds: string[];
}

export interface RebookPlan {
  /** Everything as it was: one tap goes on with the first choice. */
  same: boolean;
  therapistGone: boolean;
  /** Names of what the city no longer offers at all (or an add-on whose treatment went). */
  withdrawn: string[];
  /** Main treatments still offered, but not by the therapist: by id, with the booking's name. */
  notOffered: RebookItem[];
  /** Best first; empty when nothing of the booking can be booked again. */
  choices: RebookChoice[];
}

/**
 * The plan for booking `items` again in the city whose current catalogue is `catalogue`.
 *
 * - A treatment gone from the catalogue is dropped, and its add-ons with it.
 * - A therapist who left: the same treatments with anyone.
 * - A therapist who no longer offers a main treatment: with them without it (when anything is
 *   left), or with anyone keeping it.
 */
export function planRebook(
  items: readonly RebookItem[],
  catalogue: Catalogue,
  therapist: RebookTherapist,
): RebookPlan {
  const ids = [...new Set(items.map((i) => i.treatmentId))];
  const nameOf = (id: string) => items.find((i) => i.treatmentId === id)?.name ?? id;
  const unknown = ids.filter((id) => !catalogue.has(id));
  const kept = removeTreatments(ids, unknown, catalogue).filter((id) => catalogue.has(id));
  const withdrawn = ids.filter((id) => !kept.includes(id)).map(nameOf);

  if (therapist === null) {
    return {
      same: false,
      therapistGone: true,
      withdrawn,
      notOffered: [],
      choices: kept.length > 0 ? [{ withTherapist: false, treatmentIds: kept }] : [],
    };
  }

  const offered = new Set(therapist.offeredTreatmentIds);
  // Add-ons come with their treatment: only main treatments decide who can do the booking.
  const notOfferedIds = kept.filter(
    (id) => catalogue.get(id)?.isAddOn !== true && !offered.has(id),
  );
  const withThem = removeTreatments(kept, notOfferedIds, catalogue);
  const choices: RebookChoice[] = [];
  if (withThem.length > 0) choices.push({ withTherapist: true, treatmentIds: withThem });
  if (notOfferedIds.length > 0) choices.push({ withTherapist: false, treatmentIds: kept });
  return {
    same: withdrawn.length === 0 && notOfferedIds.length === 0 && kept.length > 0,
    therapistGone: false,
    withdrawn,
    notOffered: notOfferedIds.map((id) => ({ treatmentId: id, name: nameOf(id) })),
    choices,
  };
}
