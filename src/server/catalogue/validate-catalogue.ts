import type { z } from 'zod';
import type { CatalogueDocument } from '../../contract/catalogue-document';
import {
  catalogueImportSchema,
  cityImportSchema,
  therapistImportSchema,
  treatmentImportSchema,
  type ImportedCity,
  type ImportedTherapist,
  type ImportedTreatment,
  type SentAs,
} from '../../contract/catalogue-import';
import { problemsOfIssues, type CatalogueProblem } from './catalogue-issues';
import { checkServiceCopies, type StoredTreatment } from './check-service-copies';
import { checkTravelPlaces, checkWindows } from './check-therapist-places';
import { jsonPath } from './json-path';

export type { CatalogueProblem };

/** What the database already holds, as far as checking a file against it needs. */
export interface ExistingCatalogue {
  cityIds: Set<string>;
  /** Stored treatments; their facts (`stored`) are needed to check the company's `services` copies. */
  treatmentIds: Map<string, { isAddOn: boolean; stored?: StoredTreatment }>;
  /** username → id of the therapist holding it. */
  usernames: Map<string, string>;
  /** Stored add-on links (parent id → add-on ids). Without it, stored links are not checked. */
  addOnLinks?: Map<string, string[]>;
}

export type CatalogueValidation =
  { ok: true; doc: CatalogueDocument } | { ok: false; problems: CatalogueProblem[] };

interface Indexed<T> {
  index: number;
  record: T;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a catalogue file completely: the shape of every record first (today's field names or the
 * company's, docs/decisions/0092), then what only the whole file and the database can tell
 * (duplicates, dangling references, overlapping windows, services that contradict treatments).
 * Every problem is reported, so one round of fixes is enough.
 */
export function validateCatalogueDocument(
  input: unknown,
  existing: ExistingCatalogue,
): CatalogueValidation {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        {
          path: '$',
          message: 'must be an object with "cities", "treatments" and "therapists" arrays',
        },
      ],
    };
  }

  const parsed = catalogueImportSchema.safeParse(input);
  const problems: CatalogueProblem[] = parsed.success ? [] : problemsOfIssues(parsed.error.issues);

  // When some records are malformed, the well-formed ones are still cross-checked.
  const cities = parsed.success
    ? indexAll(parsed.data.cities)
    : parseEach(input.cities, cityImportSchema);
  const treatments = parsed.success
    ? indexAll(parsed.data.treatments)
    : parseEach(input.treatments, treatmentImportSchema);
  const therapists = parsed.success
    ? indexAll(parsed.data.therapists)
    : parseEach(input.therapists, therapistImportSchema);

  const report = (segments: (string | number)[], message: string) =>
    problems.push({ path: jsonPath(segments), message });

  // A malformed record already has its own problems; its key still counts as "in the file", so
  // references to it do not add a second, misleading one.
  const unparsed = {
    cities: parsed.success ? new Set<string>() : rawKeys(input.cities, ['slug', 'id']),
    treatments: parsed.success ? new Set<string>() : rawKeys(input.treatments, ['id']),
  };

  checkCities(cities, report);
  checkTreatments(treatments, unparsed.treatments, existing, report);
  checkTherapists(therapists, cities, treatments, unparsed, existing, report);

  if (parsed.success && problems.length === 0) return { ok: true, doc: todaysShape(parsed.data) };
  return { ok: false, problems };
}

/** The document as it will be stored, without what only the checks needed. */
function todaysShape(doc: {
  cities: ImportedCity[];
  treatments: ImportedTreatment[];
  therapists: ImportedTherapist[];
}): CatalogueDocument {
  return {
    cities: doc.cities.map(({ sentAs: _, ...city }) => city),
    treatments: doc.treatments.map(({ sentAs: _, ...treatment }) => treatment),
    therapists: doc.therapists.map(({ sentAs: _, serviceCopies: __, ...therapist }) => therapist),
  };
}

/** The name a field was sent under: today's, or the company's it was read from. */
const sent = (sentAs: SentAs, field: string) => sentAs[field] ?? field;

type Report = (segments: (string | number)[], message: string) => void;

function indexAll<T>(records: T[]): Indexed<T>[] {
  return records.map((record, index) => ({ index, record }));
}

function parseEach<S extends z.ZodType>(raw: unknown, schema: S): Indexed<z.output<S>>[] {
  if (!Array.isArray(raw)) return [];
  const out: Indexed<z.output<S>>[] = [];
  raw.forEach((item: unknown, index) => {
    const result = schema.safeParse(item);
    if (result.success) out.push({ index, record: result.data });
  });
  return out;
}

function rawKeys(raw: unknown, names: string[]): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(raw)) return keys;
  for (const item of raw as unknown[]) {
    for (const name of names) {
      const value = isPlainObject(item) ? item[name] : undefined;
      if (typeof value === 'string') keys.add(value);
    }
  }
  return keys;
}

/** Reports every record whose key was already used by an earlier one; returns key → first record. */
function firstByKey<T>(
  section: string,
  field: string | ((record: T) => string),
  items: Indexed<T>[],
  keyOf: (record: T) => string,
  report: Report,
): Map<string, Indexed<T>> {
  const first = new Map<string, Indexed<T>>();
  for (const item of items) {
    const key = keyOf(item.record);
    const earlier = first.get(key);
    if (earlier) {
      report(
        [section, item.index, typeof field === 'string' ? field : field(item.record)],
        `"${key}" is already used by ${jsonPath([section, earlier.index])}`,
      );
    } else {
      first.set(key, item);
    }
  }
  return first;
}

function checkCities(cities: Indexed<ImportedCity>[], report: Report) {
  firstByKey(
    'cities',
    (c) => sent(c.sentAs, 'slug'),
    cities,
    (c) => c.slug,
    report,
  );
}

function checkTreatments(
  treatments: Indexed<ImportedTreatment>[],
  unparsedIds: Set<string>,
  existing: ExistingCatalogue,
  report: Report,
) {
  const inFile = firstByKey('treatments', 'id', treatments, (t) => t.id, report);
  // The file's addOn flag wins over the stored one: it is what will be stored. null: unknowable,
  // because the record in the file is malformed.
  const isAddOn = (id: string): boolean | null | undefined => {
    const inThisFile = inFile.get(id);
    if (inThisFile) return inThisFile.record.addOn;
    return unparsedIds.has(id) ? null : existing.treatmentIds.get(id)?.isAddOn;
  };

  const storedLinks = existing.addOnLinks ?? new Map<string, string[]>();
  const storedParentsOf = new Map<string, string[]>();
  for (const [parentId, addOnIds] of storedLinks) {
    for (const addOnId of addOnIds) {
      storedParentsOf.set(addOnId, [...(storedParentsOf.get(addOnId) ?? []), parentId]);
    }
  }

  for (const { index, record: t } of treatments) {
    const addOnIdsKey = sent(t.sentAs, 'addOnIds');
    const addOnKey = sent(t.sentAs, 'addOn');
    if (t.addOnIds) {
      if (t.addOn && t.addOnIds.length > 0) {
        report(
          ['treatments', index, addOnIdsKey],
          'an add-on cannot offer add-ons of its own: use [] or leave it out',
        );
        continue;
      }
      const seen = new Set<string>();
      t.addOnIds.forEach((addOnId, j) => {
        const at = ['treatments', index, addOnIdsKey, j];
        const addOn = isAddOn(addOnId);
        if (seen.has(addOnId)) report(at, `"${addOnId}" is listed twice`);
        else if (addOnId === t.id) report(at, 'a treatment cannot be its own add-on');
        else if (addOn === undefined)
          report(at, `no treatment "${addOnId}" in the file or the database`);
        else if (addOn === false)
          report(at, `"${addOnId}" is not an add-on (it needs "addOn": true)`);
        seen.add(addOnId);
      });
    } else if (t.addOn && (storedLinks.get(t.id)?.length ?? 0) > 0) {
      const stored = storedLinks.get(t.id)?.join('", "');
      report(
        ['treatments', index, addOnKey],
        `an add-on cannot offer add-ons, but "${t.id}" still offers "${stored}": send "addOnIds": [] to remove them`,
      );
    }

    if (!t.addOn) {
      // A stored parent that keeps offering this treatment as an add-on would break the rule.
      const stillLinked = (storedParentsOf.get(t.id) ?? []).filter(
        (parentId) => !inFile.get(parentId)?.record.addOnIds,
      );
      if (stillLinked.length > 0) {
        report(
          ['treatments', index, addOnKey],
          `"${t.id}" is offered as an add-on by "${stillLinked.join('", "')}": keep "addOn": true or send their addOnIds without it`,
        );
      }
    }
  }
}

function checkTherapists(
  therapists: Indexed<ImportedTherapist>[],
  cities: Indexed<ImportedCity>[],
  treatments: Indexed<ImportedTreatment>[],
  unparsed: { cities: Set<string>; treatments: Set<string> },
  existing: ExistingCatalogue,
  report: Report,
) {
  const citySlugs = new Set([...unparsed.cities, ...cities.map((c) => c.record.slug)]);
  const treatmentIds = new Set([...unparsed.treatments, ...treatments.map((t) => t.record.id)]);
  const sources = {
    inFile: new Map(treatments.map((t) => [t.record.id, t])),
    stored: existing.treatmentIds,
    storedAddOns: existing.addOnLinks ?? new Map<string, string[]>(),
  };
  const byId = firstByKey('therapists', 'id', therapists, (p) => p.id, report);
  const byUsername = firstByKey('therapists', 'username', therapists, (p) => p.username, report);

  for (const { index, record: p } of therapists) {
    if (!citySlugs.has(p.area) && !existing.cityIds.has(p.area)) {
      report(['therapists', index, 'area'], `no city "${p.area}" in the file or the database`);
    }

    const holder = existing.usernames.get(p.username);
    // A stored holder that this same file renames frees the username.
    const holderKeepsIt =
      holder !== undefined && (byId.get(holder)?.record.username ?? p.username) === p.username;
    // A duplicate inside the file is already reported; the database check is for the first use.
    const firstUse = byUsername.get(p.username)?.index === index;
    if (holder !== undefined && holder !== p.id && holderKeepsIt && firstUse) {
      report(
        ['therapists', index, 'username'],
        `"${p.username}" belongs to therapist "${holder}" in the database`,
      );
    }

    const seen = new Set<string>();
    // Ids read from the company's `services` are named there: services[j].id.
    const fromServices = p.sentAs.serviceIds !== undefined;
    p.serviceIds?.forEach((serviceId, j) => {
      const at = fromServices
        ? ['therapists', index, 'services', j, 'id']
        : ['therapists', index, 'serviceIds', j];
      if (seen.has(serviceId)) report(at, `"${serviceId}" is listed twice`);
      else if (!treatmentIds.has(serviceId) && !existing.treatmentIds.has(serviceId)) {
        report(at, `no treatment "${serviceId}" in the file or the database`);
      }
      seen.add(serviceId);
    });

    if (p.serviceCopies) checkServiceCopies(index, p.serviceCopies, sources, report);
    // Timestamps were merged into windows, which cannot overlap.
    if (p.availability && !p.sentAs.availability)
      checkWindows(['therapists', index, 'availability'], p.availability, report);
    checkTravelPlaces(index, p, report);
  }
}
