import { basketTotal, type BasketTotal } from '../../domain/basket';
import type { RulesConfig } from '../../domain/constants';
import type { CustomerProfile, Interval } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { notFound } from '../http/problem';
import { CandidateCache } from './candidate-cache';
import {
  loadCalendars,
  loadCandidates,
  loadSearchFacts,
  type Calendars,
  type TherapistCandidate,
} from './load-availability-data';
import { selectionOf, type Selection } from './load-selection';

/** The candidates at this catalogue version: kept ones if the catalogue is unchanged since. */
async function candidatesAt(
  ctx: AppContext,
  version: string,
  city: string,
  baseTreatmentIds: string[],
  onlyTherapistId: string | null,
): Promise<readonly TherapistCandidate[]> {
  const key = CandidateCache.key(city, baseTreatmentIds, onlyTherapistId);
  const kept = ctx.candidateCache.get(key, version);
  if (kept) return kept;
  const read = await loadCandidates(ctx.db, city, baseTreatmentIds, onlyTherapistId);
  // Kept under the version read with them, which may already be newer than `version`.
  if (read.catalogueVersion !== null) {
    ctx.candidateCache.set(key, read.catalogueVersion, read.candidates);
  }
  return read.candidates;
}

export interface PricedTherapist {
  therapist: TherapistCandidate;
  total: BasketTotal;
}

/**
 * The common first half of every availability question: the city exists, the selection is valid
 * (prices from the database), which therapists the rules show this customer, each with the
 * basket priced against their own minimum spend, and the calendars of those who reach it over the
 * range asked about.
 */
export async function findVisibleTherapists(
  ctx: AppContext,
  search: {
    city: string;
    treatmentIds: string[];
    customer: CustomerProfile | null;
    /** Only this therapist, when the question is about one. */
    therapistId?: string;
  },
  config: RulesConfig,
  now: Date,
  /** The time the question is about; may reject the request, once the city is known to exist. */
  rangeOf: () => Interval,
): Promise<{
  selection: Selection;
  priced: PricedTherapist[];
  range: Interval;
  calendars: Calendars;
}> {
  const facts = await loadSearchFacts(ctx.db, search.city, search.treatmentIds);
  if (!facts.cityExists) throw notFound(`Unknown city "${search.city}".`);
  const range = rangeOf();
  const selection = selectionOf(search.treatmentIds, facts.treatments, 'query.treatments');
  const candidates = await candidatesAt(
    ctx,
    facts.catalogueVersion,
    search.city,
    selection.baseIds,
    search.therapistId ?? null,
  );
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
  const bookable = priced.filter((p) => p.total.meetsMinimumSpend).map((p) => p.therapist.id);
  const calendars = await loadCalendars(ctx.db, bookable, range, now);
  return { selection, priced, range, calendars };
}
