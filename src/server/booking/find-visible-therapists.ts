import { basketTotal, type BasketTotal } from '../../domain/basket';
import type { RulesConfig } from '../../domain/constants';
import type { CustomerProfile } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { findCity } from '../catalogue/list-cities';
import { notFound } from '../http/problem';
import { loadTherapistCandidates, type TherapistCandidate } from './load-availability-data';
import { loadSelection, type Selection } from './load-selection';

export interface PricedTherapist {
  therapist: TherapistCandidate;
  total: BasketTotal;
}

/**
 * The common first half of every availability question: the city exists, the selection is valid
 * (prices from the database), and which therapists the rules show this customer, each with the
 * basket priced against their own minimum spend.
 */
export async function findVisibleTherapists(
  ctx: AppContext,
  search: { city: string; treatmentIds: string[]; customer: CustomerProfile | null },
  config: RulesConfig,
  nowMs: number,
  /** Further checks of the request, run once the city is known to exist (a 404 comes first). */
  checkRequest: () => void = () => undefined,
): Promise<{ selection: Selection; priced: PricedTherapist[] }> {
  if (!(await findCity(ctx.db, search.city))) throw notFound(`Unknown city "${search.city}".`);
  checkRequest();
  const selection = await loadSelection(ctx.db, search.treatmentIds);
  const candidates = await loadTherapistCandidates(ctx.db, search.city, selection.baseIds);
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
  return { selection, priced };
}
