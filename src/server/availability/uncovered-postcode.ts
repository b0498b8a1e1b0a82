import type { District } from '../../domain/travel-types';
import { HttpProblem } from '../http/problem';
import { districtCodes } from '../travel/postcode-districts';
import type { TherapistCandidate } from './load-availability-data';
import type { TravelJudge } from './travel-search';

// A postcode no therapist travels to gets words naming where they do travel, never an empty page
// (docs/decisions/0077). Worked out only on this path: it looks at every district in the table.

const BOTH = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** "EH6" → ["EH", 6]; districts with a letter after the number ("W1A") sort after the plain one. */
function parts(district: District): [string, number, string] {
  const match = /^([A-Z]+)(\d+)([A-Z]?)$/.exec(district);
  return match ? [match[1] ?? '', Number(match[2]), match[3] ?? ''] : [district, 0, ''];
}

function byDistrict(a: District, b: District): number {
  const [aa, an, as] = parts(a);
  const [ba, bn, bs] = parts(b);
  return aa.localeCompare(ba) || an - bn || as.localeCompare(bs);
}

/** Sorted, with runs of consecutive districts of one area written "EH1–EH17". */
export function describeDistricts(districts: Iterable<District>): string {
  const sorted = [...new Set(districts)].sort(byDistrict);
  const runs: [District, District][] = [];
  for (const d of sorted) {
    const run = runs.at(-1);
    if (run) {
      const [area, n, suffix] = parts(run[1]);
      const [dArea, dn, dSuffix] = parts(d);
      if (suffix === '' && dSuffix === '' && dArea === area && dn === n + 1) {
        run[1] = d;
        continue;
      }
    }
    runs.push([d, d]);
  }
  return BOTH.format(runs.map(([first, last]) => (first === last ? first : `${first}–${last}`)));
}

/** The districts one therapist travels to: their list, or every district their longest journey reaches. */
function districtsServedBy(t: TherapistCandidate, judge: TravelJudge): District[] {
  if (t.travel.coveredDistricts !== null) {
    return t.travel.coveredDistricts.filter((d) => judge.servesFor(t, d));
  }
  return districtCodes().filter((d) => judge.servesFor(t, d));
}

/**
 * Refuses the search when therapists could take the treatments but none of them travels to the
 * place: a 422 whose detail names the districts they cover. Someone without limits covers
 * everywhere, so this never fires for them.
 */
export function refuseUncovered(judge: TravelJudge, therapists: readonly TherapistCandidate[]) {
  if (therapists.length === 0 || therapists.some((t) => judge.serves(t))) return;
  const covered = new Set(therapists.flatMap((t) => districtsServedBy(t, judge)));
  const here = judge.place.district;
  const detail =
    covered.size === 0
      ? `Our therapists do not travel to ${here} yet.`
      : `Our therapists do not travel to ${here} yet. They cover ${describeDistricts(covered)}.`;
  throw new HttpProblem(422, detail, {
    code: 'postcode_not_covered',
    extensions: { coveredAreas: [...covered].sort(byDistrict) },
    errors: [{ field: 'query.postcode', message: detail }],
  });
}
