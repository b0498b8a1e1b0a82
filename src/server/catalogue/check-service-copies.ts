import type { ServiceCopy, TreatmentFacts } from '../../contract/catalogue-import';
import type { TreatmentRecord } from '../../contract/catalogue-document';
import { MINUTE_MS } from '../../domain/constants';
import { jsonPath } from './json-path';

// The company's therapist carries `services`: copies of the treatments they offer. This system keeps
// one price and duration per treatment, so a copy is only a way of naming the treatment: each fact
// it states must be the treatment's own, or the document contradicts itself (docs/decisions/0092).

/** A stored treatment's facts, in the catalogue document's names. */
export type StoredTreatment = Omit<TreatmentRecord, 'id' | 'addOnIds'> & { active: boolean };

export interface TreatmentSources {
  /** The file's treatments by id, with their index for messages. */
  inFile: Map<string, { index: number; record: TreatmentRecord }>;
  stored: Map<string, { isAddOn: boolean; stored?: StoredTreatment }>;
  storedAddOns: Map<string, string[]>;
}

type Report = (segments: (string | number)[], message: string) => void;

const sorted = (ids: readonly string[]) => JSON.stringify([...ids].sort());
const FACTS = [
  'name',
  'category',
  'description',
  'pricePence',
  'durationMinutes',
  'order',
  'addOn',
  'addOnIds',
  'active',
] as const;

/** What the treatment will be once the document is stored: the file's record over the stored one. */
function treatmentAsStored(id: string, sources: TreatmentSources) {
  const fromFile = sources.inFile.get(id);
  const stored = sources.stored.get(id)?.stored;
  if (!fromFile && !stored) return null;
  const facts: TreatmentFacts = { ...stored, ...fromFile?.record, id };
  facts.addOnIds = fromFile?.record.addOnIds ?? sources.storedAddOns.get(id) ?? [];
  facts.active = fromFile?.record.active ?? stored?.active ?? true;
  const where = fromFile ? jsonPath(['treatments', fromFile.index]) : 'the database';
  return { facts, where };
}

export function checkServiceCopies(
  therapistIndex: number,
  copies: readonly ServiceCopy[],
  sources: TreatmentSources,
  report: Report,
) {
  copies.forEach(({ facts, sentAs }, j) => {
    // A copy of a treatment that exists nowhere is reported as an unknown service already.
    const target = treatmentAsStored(facts.id, sources);
    if (!target) return;
    for (const key of FACTS) {
      const said = facts[key];
      const actual = target.facts[key];
      if (said === undefined) continue;
      const same =
        Array.isArray(said) && Array.isArray(actual)
          ? sorted(said) === sorted(actual)
          : Object.is(said, actual);
      if (same) continue;
      // The company's duration is in milliseconds: say it in the unit it was sent in, and in minutes.
      const inMs = key === 'durationMinutes' && sentAs[key] !== undefined;
      const saying = inMs
        ? `${Number(said) * MINUTE_MS} ms (${String(said)} minutes)`
        : JSON.stringify(said);
      const having = inMs ? `${String(actual)} minutes` : JSON.stringify(actual);
      report(
        ['therapists', therapistIndex, 'services', j, sentAs[key] ?? key],
        `says ${saying}, but treatment "${facts.id}" (${target.where}) has ${having}: ` +
          "a therapist's services name treatments, they cannot change them",
      );
    }
  });
}
