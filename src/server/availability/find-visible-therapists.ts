import type { CityPlace } from './city-areas';
import { availabilityWindow } from '../../domain/availability-window';
import { basketTotal, type BasketTotal } from '../../domain/basket';
import { DAY_MS, type RulesConfig } from '../../domain/constants';
import type { PlacedBooking } from '../../domain/travel-types';
import type { CustomerProfile, Interval } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { notFound } from '../http/problem';
import { CatalogueCache } from './catalogue-cache';
import {
  loadBookings,
  loadCandidates,
  loadSearchFacts,
  type SearchCandidate,
} from './load-availability-data';
import { selectionOf, type Selection } from './load-selection';

/** Windows are read this far past the availability window, so a read serves searches for a week. */
const COVERAGE_MARGIN_MS = 7 * DAY_MS;

export interface Calendars {
  windows: Map<string, readonly Interval[]>;
  bookings: Map<string, PlacedBooking[]>;
}

export interface PricedTherapist {
  therapist: SearchCandidate;
  total: BasketTotal;
}

export interface TherapistQuestion {
  city: string;
  treatmentIds: string[];
  customer: CustomerProfile | null;
  /** Only this therapist, when the question is about one. */
  therapistId?: string;
}

interface Answer {
  /** The city's name and postcode areas (city-areas.ts). */
  city: CityPlace;
  selection: Selection;
  /** Everyone the read found (city, status, services), shown or not: to say why none is. */
  candidates: readonly SearchCandidate[];
  priced: PricedTherapist[];
  range: Interval;
  calendars: Calendars;
}

/** A question with what answering it needs besides the database. */
interface Asked {
  search: TherapistQuestion;
  config: RulesConfig;
  now: Date;
  /** The time the question is about; may reject the request, once the city is known to exist. */
  rangeOf: () => Interval;
}

const covers = (outer: Interval, inner: Interval) =>
  outer.start <= inner.start && inner.end <= outer.end;

function priceVisible(
  candidates: readonly SearchCandidate[],
  { search, config, now }: Asked,
  selection: Selection,
): { priced: PricedTherapist[]; bookable: SearchCandidate[] } {
  const nowMs = now.getTime();
  const priced = candidates
    .filter((t) =>
      isTherapistVisible(t, {
        city: search.city,
        customer: search.customer,
        baseTreatmentIds: selection.baseIds,
        now: nowMs,
        config,
      }),
    )
    .map((therapist) => ({
      therapist,
      total: basketTotal(selection.items, therapist.minimumSpendPence, config),
    }));
  const bookable = priced.filter((p) => p.total.meetsMinimumSpend).map((p) => p.therapist);
  return { priced, bookable };
}

/** The windows that touch the range, as the calendars statement read them before they were kept. */
function windowsTouching(windows: readonly Interval[], range: Interval): Interval[] {
  const touching: Interval[] = [];
  for (const w of windows) {
    // Earliest start first: none after this one touches the range either.
    if (w.start >= range.end) break;
    if (w.end > range.start) touching.push(w);
  }
  return touching;
}

async function calendarsOf(
  ctx: AppContext,
  bookable: SearchCandidate[],
  range: Interval,
  now: Date,
): Promise<{ catalogueVersion: string; calendars: Calendars }> {
  const read = await loadBookings(
    ctx.db,
    bookable.map((t) => t.id),
    range,
    now,
  );
  const windows = new Map(bookable.map((t) => [t.id, windowsTouching(t.windows, range)]));
  return {
    catalogueVersion: read.catalogueVersion,
    calendars: { windows, bookings: read.bookings },
  };
}

const candidatesKeyOf = ({ search }: Asked, selection: Selection) =>
  CatalogueCache.candidatesKey(search.city, selection.baseIds, search.therapistId ?? null);

/** Candidates kept at this version whose windows cover today's availability window. */
function keptCandidates(
  ctx: AppContext,
  asked: Asked,
  key: string,
  version: string,
): readonly SearchCandidate[] | undefined {
  const kept = ctx.catalogueCache.candidates.get(key);
  if (kept?.version !== version) return undefined;
  const window = availabilityWindow(asked.now.getTime(), asked.config);
  return covers(kept.value.coverage, window) ? kept.value.candidates : undefined;
}

/**
 * One statement: the kept facts and candidates, if both were read at one version and cover this
 * search, and the bookings, read with the version. Null when nothing usable is kept, or when the
 * version says the catalogue changed since; the full search then reads everything again, and
 * reports whatever is wrong with the request, in its order (city first).
 */
async function searchWithKeptReads(ctx: AppContext, asked: Asked): Promise<Answer | null> {
  const { search } = asked;
  const facts = ctx.catalogueCache.facts.get(
    CatalogueCache.factsKey(search.city, search.treatmentIds),
  );
  if (!facts?.value.cityExists) return null;
  let selection: Selection;
  let range: Interval;
  try {
    selection = selectionOf(search.treatmentIds, facts.value.treatments, 'query.treatments');
    range = asked.rangeOf();
  } catch {
    // Possibly stale: the full read decides what is wrong with the request.
    return null;
  }
  const candidates = keptCandidates(ctx, asked, candidatesKeyOf(asked, selection), facts.version);
  if (!candidates) return null;
  const { priced, bookable } = priceVisible(candidates, asked, selection);
  const read = await calendarsOf(ctx, bookable, range, asked.now);
  if (read.catalogueVersion !== facts.version) return null;
  return {
    city: facts.value.city,
    selection,
    candidates,
    priced,
    range,
    calendars: read.calendars,
  };
}

/** The facts and candidates at the version read with the facts: kept ones, or read and kept. */
async function searchReadingCatalogue(ctx: AppContext, asked: Asked): Promise<Answer> {
  const { search } = asked;
  const facts = await loadSearchFacts(ctx.db, search.city, search.treatmentIds);
  ctx.catalogueCache.keepFacts(CatalogueCache.factsKey(search.city, search.treatmentIds), facts);
  if (!facts.cityExists) throw notFound(`Unknown city "${search.city}".`);
  const range = asked.rangeOf();
  const selection = selectionOf(search.treatmentIds, facts.treatments, 'query.treatments');
  const key = candidatesKeyOf(asked, selection);
  let candidates = keptCandidates(ctx, asked, key, facts.catalogueVersion);
  if (!candidates) {
    const window = availabilityWindow(asked.now.getTime(), asked.config);
    const coverage = { start: window.start, end: window.end + COVERAGE_MARGIN_MS };
    const read = await loadCandidates(
      ctx.db,
      search.city,
      selection.baseIds,
      search.therapistId ?? null,
      coverage,
    );
    candidates = read.candidates;
    // Kept under the version read with them, which may already be newer than the facts'.
    if (read.catalogueVersion !== null) {
      ctx.catalogueCache.keepCandidates(key, read.catalogueVersion, { candidates, coverage });
    }
  }
  const { priced, bookable } = priceVisible(candidates, asked, selection);
  const { calendars } = await calendarsOf(ctx, bookable, range, asked.now);
  return { city: facts.city, selection, candidates, priced, range, calendars };
}

/**
 * The common first half of every availability question: the city exists, the selection is valid
 * (prices from the database), which therapists the rules show this customer, each with the
 * basket priced against their own minimum spend, and the calendars of those who reach it over the
 * range asked about. What comes from the catalogue is reused while the catalogue version is
 * unchanged (docs/decisions/0058, 0061); the bookings, the rules and the prices' totals are read
 * and worked out afresh for every question.
 */
export async function findVisibleTherapists(
  ctx: AppContext,
  search: TherapistQuestion,
  config: RulesConfig,
  now: Date,
  /** The time the question is about; may reject the request, once the city is known to exist. */
  rangeOf: () => Interval,
): Promise<Answer> {
  const asked = { search, config, now, rangeOf };
  return (await searchWithKeptReads(ctx, asked)) ?? (await searchReadingCatalogue(ctx, asked));
}
