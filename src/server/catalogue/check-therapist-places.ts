import { postcodeDistrict } from '../../domain/account-forms';
import type { TherapistRecord } from '../../contract/catalogue-document';
import { centroidOf } from '../travel/postcode-districts';
import { jsonPath } from './json-path';

// A therapist's places and times, checked beyond their shape: districts journeys can be worked out
// for, and windows that do not overlap.

type Report = (segments: (string | number)[], message: string) => void;

/** Districts travel can be worked out for: a postcode of a district we do not know is refused. */
export function checkTravelPlaces(index: number, p: TherapistRecord, report: Report) {
  const home = p.homePostcode ? postcodeDistrict(p.homePostcode) : null;
  if (home !== null && !centroidOf(home)) {
    report(['therapists', index, 'homePostcode'], `no postcode district "${home}" is known`);
  }
  p.coveredDistricts?.forEach((district, j) => {
    if (!centroidOf(district)) {
      report(
        ['therapists', index, 'coveredDistricts', j],
        `no postcode district "${district}" is known`,
      );
    }
  });
}

/** `list` is the path of the windows' list, e.g. ['therapists', 3, 'availability']. */
export function checkWindows(
  list: (string | number)[],
  windows: { start: string; end: string }[],
  report: Report,
) {
  const sorted = windows
    .map((w, j) => ({ j, start: Date.parse(w.start), end: Date.parse(w.end), w }))
    .sort((a, b) => a.start - b.start || a.j - b.j);
  // Windows are half-open [start, end): one may start exactly when the previous one ends.
  let latest: (typeof sorted)[number] | undefined;
  for (const current of sorted) {
    if (latest && current.start < latest.end) {
      const other = jsonPath([...list, latest.j]);
      report([...list, current.j], `overlaps ${other} (${latest.w.start} to ${latest.w.end})`);
    }
    if (!latest || current.end > latest.end) latest = current;
  }
}
