import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueDocument } from '../../contract/catalogue-document';
import { DEMO_AVAILABILITY_DAYS, demoAvailability } from './demo-availability';
import { validateCatalogueDocument } from './validate-catalogue';

// Demo data for local development, end-to-end tests and sales demos. The catalogue itself —
// cities, treatments, therapists and what each offers — is a JSON document in the format of
// `npm run admin -- import`, so it is edited as data and checked by the same validator. Only
// availability is generated, from the date passed in (demo-availability.ts).

/** Beside this file: read at run time (the server runs from src/ through tsx, also in production). */
export const DEMO_CATALOGUE_FILE = path.join(import.meta.dirname, 'demo-catalogue.json');

let cached: CatalogueDocument | null = null;

/**
 * The demo catalogue document as checked by the import's validator against an empty database: the
 * file must stand on its own. Throws with every problem and its JSON path when it does not.
 */
export function loadDemoCatalogueDocument(file = DEMO_CATALOGUE_FILE): CatalogueDocument {
  if (file === DEMO_CATALOGUE_FILE && cached) return cached;
  const input: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const result = validateCatalogueDocument(input, {
    cityIds: new Set(),
    treatmentIds: new Map(),
    usernames: new Map(),
  });
  if (!result.ok) {
    const lines = result.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n');
    throw new Error(`The demo catalogue ${file} is invalid:\n${lines}`);
  }
  if (file === DEMO_CATALOGUE_FILE) cached = result.doc;
  return result.doc;
}

/** The demo catalogue, with availability from the UK date of `today` for 37 days. */
export function buildDemoCatalogue(today: Date): CatalogueDocument {
  const doc = loadDemoCatalogueDocument();
  return {
    cities: doc.cities.map((c) => ({ ...c })),
    treatments: doc.treatments.map((t) => ({ ...t })),
    therapists: doc.therapists.map((t) => ({
      ...t,
      availability: demoAvailability(t.id, today, DEMO_AVAILABILITY_DAYS),
    })),
  };
}
