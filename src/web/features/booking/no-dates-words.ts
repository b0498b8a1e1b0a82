import { formatPence } from '../../../domain/format';
import type { NoDatesAnswer } from './api';

// What the date step says when no day can be chosen, from the server's reason
// (docs/decisions/0080): the real reason, and the way forward, instead of "nobody is free".

export interface NoDatesWords {
  title: string;
  detail: string | null;
  /**
   * The way forward in the basket: add to it, or change it. Looking beyond a chosen therapist is
   * their note's "Book with anyone", which the words point to.
   */
  action: 'add-treatments' | 'change-treatments';
}

export interface NoDatesSituation {
  why: NoDatesAnswer;
  /** The chosen main treatments (add-ons follow their parent), ids in the order chosen. */
  mainIds: readonly string[];
  /** Treatment names and categories by id: the city's menu. */
  names: ReadonlyMap<string, string>;
  categories: ReadonlyMap<string, string>;
  /** The city's treatments in menu order, to list what can be booked in that order. */
  menuOrder: readonly string[];
  cityName: string;
  /** The chosen therapist's first name, when the days were theirs alone. */
  therapist: string | null;
  postcode: string | null;
}

const AND = new Intl.ListFormat('en-GB', { type: 'conjunction' });

function listOf(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  return AND.format(ids.map((id) => names.get(id) ?? id));
}

// Past this many, what can be booked is said by category: a sentence of twenty names helps nobody.
const MAX_NAMED = 4;

/** "Facial and Leg Wax", or "from Massage, Facials and Hair" when there are many. */
function whatCanBeBooked(ids: readonly string[], s: NoDatesSituation): string {
  if (ids.length <= MAX_NAMED) return listOf(ids, s.names);
  const categories = [...new Set(ids.map((id) => s.categories.get(id) ?? id))];
  return `from ${AND.format(categories)}`;
}

function noneFree(s: NoDatesSituation): NoDatesWords {
  if (s.therapist) {
    return {
      title: `${s.therapist} has no free time for these treatments in the next 36 days.`,
      detail: 'Other therapists may have: book with anyone to see their days.',
      action: 'change-treatments',
    };
  }
  return {
    title: s.postcode
      ? `No therapist who can reach ${s.postcode} is free for these treatments in the next 36 days.`
      : 'No therapist is free for these treatments in the next 36 days.',
    detail: 'Please look again soon, or try other treatments.',
    action: 'change-treatments',
  };
}

/** The words for a search with no day, and which way forward to offer. */
export function noDatesWords(s: NoDatesSituation): NoDatesWords {
  const { why, names, therapist } = s;
  switch (why.reason) {
    case 'none_free':
      return noneFree(s);
    case 'below_minimum_spend': {
      const add = formatPence(why.shortfallPence);
      const minimum = formatPence(why.minimumPence);
      return {
        title: therapist
          ? `Add ${add} more to book with ${therapist} — ${therapist} has a ${minimum} minimum.`
          : `Add ${add} more to book — therapists have a ${minimum} minimum.`,
        detail: 'Add another treatment or an add-on to reach it.',
        action: 'add-treatments',
      };
    }
    case 'no_therapist_offers':
    case 'no_business_therapist': {
      const offered = new Set(why.offeredTreatmentIds);
      const canBook = s.menuOrder.filter((id) => offered.has(id));
      const missing = s.mainIds.filter((id) => !offered.has(id));
      const business = why.reason === 'no_business_therapist';
      if (therapist) {
        if (business) {
          return {
            title: `${therapist} does not take bookings from business accounts.`,
            detail: 'Book with anyone to see the therapists who do.',
            action: 'change-treatments',
          };
        }
        return {
          title:
            missing.length > 0
              ? `${therapist} does not offer ${listOf(missing, names)}.`
              : `${therapist} cannot take this booking.`,
          detail:
            canBook.length > 0
              ? `${therapist} offers ${whatCanBeBooked(canBook, s)}.`
              : 'Book with anyone to see who can.',
          action: 'change-treatments',
        };
      }
      const who = business ? 'No business-enabled therapist' : `No therapist in ${s.cityName}`;
      // Each offered on its own, by different therapists: only the combination is missing.
      const title =
        missing.length > 0
          ? `${who} offers ${listOf(missing, names)} yet.`
          : `${who} offers ${listOf(s.mainIds, names)} in one booking.`;
      const detail = business
        ? canBook.length > 0
          ? `With a business account you can book ${whatCanBeBooked(canBook, s)}.`
          : `No therapist in ${s.cityName} takes bookings from business accounts yet.`
        : missing.length > 0
          ? 'Choose other treatments to see free days.'
          : 'Book them one at a time, or choose other treatments.';
      return { title, detail, action: 'change-treatments' };
    }
  }
}
