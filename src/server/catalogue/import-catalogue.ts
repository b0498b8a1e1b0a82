import { inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  availability,
  city,
  therapist,
  therapistService,
  treatment,
  treatmentAddOn,
} from '../db/schema';
import type { CatalogueDocument } from '../../contract/catalogue-document';
import { loadExistingCatalogue } from './load-existing-catalogue';
import {
  validateCatalogueDocument,
  type CatalogueProblem,
  type ExistingCatalogue,
} from './validate-catalogue';
import type { ImportCounts } from '../../contract/internal';

export type { ImportCounts };

export type ImportResult =
  { ok: true; counts: ImportCounts } | { ok: false; problems: CatalogueProblem[] };

// Set-based writes: one statement per chunk of rows, not one per record. A chunk of 1000 rows
// stays far below PostgreSQL's 65,535 bind parameters even for the widest table here.
const CHUNK = 1000;

function chunked<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const excluded = (column: AnyPgColumn) => sql`excluded.${sql.identifier(column.name)}`;

/**
 * Rows that leave an optional field out must keep the stored value, so they are upserted
 * separately from rows that set it: each group gets its own SET list.
 */
function groupByPresent<T extends object>(rows: T[], keys: (keyof T)[]) {
  const groups = new Map<string, { present: Set<keyof T>; rows: T[] }>();
  for (const row of rows) {
    const present = keys.filter((k) => row[k] !== undefined);
    const signature = present.map(String).join(',');
    const group = groups.get(signature) ?? { present: new Set(present), rows: [] };
    group.rows.push(row);
    groups.set(signature, group);
  }
  return [...groups.values()];
}

/**
 * Upserts everything in a catalogue file by id, in one transaction. Relation arrays that are
 * present replace the stored set; absent ones leave it alone (docs/decisions/0003). An invalid
 * file writes nothing and returns every problem.
 */
export async function importCatalogue(db: Db, input: unknown): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    // Read inside the transaction so the checks and the writes see the same database.
    const existing = await loadExistingCatalogue(tx);
    const validation = validateCatalogueDocument(input, existing);
    if (!validation.ok) return { ok: false, problems: validation.problems };
    const doc = validation.doc;
    await writeCatalogue(tx, doc, existing);

    const availabilityWindows = doc.therapists.reduce(
      (n, t) => n + (t.availability?.length ?? 0),
      0,
    );
    return {
      ok: true,
      counts: {
        cities: doc.cities.length,
        treatments: doc.treatments.length,
        therapists: doc.therapists.length,
        availabilityWindows,
      },
    };
  });
}

/** Writes a checked document: upserts by key, relation arrays replaced where present. */
export async function writeCatalogue(db: Db, doc: CatalogueDocument, existing: ExistingCatalogue) {
  await upsertCities(db, doc);
  await upsertTreatments(db, doc);
  await upsertTherapists(db, doc, existing);
  await replaceTherapistRelations(db, doc);
}

async function upsertCities(db: Db, doc: CatalogueDocument) {
  const rows = doc.cities.map((c) => ({ slug: c.slug, name: c.name, active: c.active }));
  for (const group of groupByPresent(rows, ['active'])) {
    for (const chunk of chunked(group.rows)) {
      await db
        .insert(city)
        .values(chunk)
        .onConflictDoUpdate({
          target: city.slug,
          set: {
            name: excluded(city.name),
            ...(group.present.has('active') ? { active: excluded(city.active) } : {}),
            updatedAt: sql`now()`,
          },
        });
    }
  }
}

async function upsertTreatments(db: Db, doc: CatalogueDocument) {
  const rows = doc.treatments.map((t) => ({
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    pricePence: t.pricePence,
    durationMinutes: t.durationMinutes,
    sortOrder: t.order,
    isAddOn: t.addOn,
    active: t.active,
  }));
  for (const group of groupByPresent(rows, ['active'])) {
    for (const chunk of chunked(group.rows)) {
      await db
        .insert(treatment)
        .values(chunk)
        .onConflictDoUpdate({
          target: treatment.id,
          set: {
            name: excluded(treatment.name),
            category: excluded(treatment.category),
            description: excluded(treatment.description),
            pricePence: excluded(treatment.pricePence),
            durationMinutes: excluded(treatment.durationMinutes),
            sortOrder: excluded(treatment.sortOrder),
            isAddOn: excluded(treatment.isAddOn),
            ...(group.present.has('active') ? { active: excluded(treatment.active) } : {}),
            updatedAt: sql`now()`,
          },
        });
    }
  }

  const parents = doc.treatments.filter((t) => t.addOnIds !== undefined);
  for (const chunk of chunked(parents.map((t) => t.id))) {
    await db.delete(treatmentAddOn).where(inArray(treatmentAddOn.parentId, chunk));
  }
  const links = parents.flatMap((t) =>
    (t.addOnIds ?? []).map((addOnId) => ({ parentId: t.id, addOnId })),
  );
  for (const chunk of chunked(links)) await db.insert(treatmentAddOn).values(chunk);
}

async function upsertTherapists(db: Db, doc: CatalogueDocument, existing: ExistingCatalogue) {
  // Usernames may move between therapists in one file (a swap, or a rename that frees a name for
  // a newcomer). Parking the renamed ones on a name no real username can take ('~' + id) first
  // keeps the unique index satisfied at every row of the upsert.
  const storedUsername = new Map([...existing.usernames].map(([username, id]) => [id, username]));
  const renamed = doc.therapists
    .filter((t) => (storedUsername.get(t.id) ?? t.username) !== t.username)
    .map((t) => t.id);
  for (const chunk of chunked(renamed)) {
    await db
      .update(therapist)
      .set({ username: sql`'~' || ${therapist.id}` })
      .where(inArray(therapist.id, chunk));
  }

  const rows = doc.therapists.map((t) => ({
    id: t.id,
    username: t.username,
    name: t.name,
    bio: t.bio,
    photoUrl: t.photoUrl,
    active: t.active,
    businessEnabled: t.business,
    paymentsConnected: t.paymentsConnected,
    paymentAccountId: t.paymentAccountId,
    area: t.area,
    acceptedGenders: t.genders,
    minimumSpendPence: t.minimumSpendPence,
    email: t.email,
    homePostcode: t.homePostcode,
    travelMode: t.travelMode,
    maxTravelMinutes: t.maxTravelMinutes,
    coveredDistricts: t.coveredDistricts,
  }));
  const optional = [
    'photoUrl',
    'paymentAccountId',
    'email',
    'homePostcode',
    'travelMode',
    'maxTravelMinutes',
    'coveredDistricts',
  ] as const;
  for (const group of groupByPresent(rows, [...optional])) {
    // Fields a file leaves out keep what is stored (a system that does not know them cannot
    // wipe them); present ones, null included, are written.
    const keep = Object.fromEntries(
      optional.filter((k) => group.present.has(k)).map((k) => [k, excluded(therapist[k])]),
    );
    for (const chunk of chunked(group.rows)) {
      await db
        .insert(therapist)
        .values(chunk)
        .onConflictDoUpdate({
          target: therapist.id,
          set: {
            username: excluded(therapist.username),
            name: excluded(therapist.name),
            bio: excluded(therapist.bio),
            active: excluded(therapist.active),
            businessEnabled: excluded(therapist.businessEnabled),
            paymentsConnected: excluded(therapist.paymentsConnected),
            area: excluded(therapist.area),
            acceptedGenders: excluded(therapist.acceptedGenders),
            minimumSpendPence: excluded(therapist.minimumSpendPence),
            ...keep,
            updatedAt: sql`now()`,
          },
        });
    }
  }
}

async function replaceTherapistRelations(db: Db, doc: CatalogueDocument) {
  const withServices = doc.therapists.filter((t) => t.serviceIds !== undefined);
  for (const chunk of chunked(withServices.map((t) => t.id))) {
    await db.delete(therapistService).where(inArray(therapistService.therapistId, chunk));
  }
  const services = withServices.flatMap((t) =>
    (t.serviceIds ?? []).map((treatmentId) => ({ therapistId: t.id, treatmentId })),
  );
  for (const chunk of chunked(services)) await db.insert(therapistService).values(chunk);

  const withWindows = doc.therapists.filter((t) => t.availability !== undefined);
  for (const chunk of chunked(withWindows.map((t) => t.id))) {
    await db.delete(availability).where(inArray(availability.therapistId, chunk));
  }
  const windows = withWindows.flatMap((t) =>
    (t.availability ?? []).map((w) => ({
      therapistId: t.id,
      during: { start: new Date(w.start), end: new Date(w.end) },
    })),
  );
  for (const chunk of chunked(windows)) await db.insert(availability).values(chunk);
}
