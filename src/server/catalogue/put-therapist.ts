import type { TherapistPutAnswer } from '../../contract/catalogue-therapist';
import type { AppContext } from '../app-context';
import { catalogueProblems, type CatalogueProblem } from './catalogue-issues';
import { findStrandedBookings } from './find-stranded-bookings';
import { writeCatalogue } from './import-catalogue';
import { loadExistingCatalogue } from './load-existing-catalogue';
import { loadTherapistRecord } from './load-therapist-record';
import { validateCatalogueDocument } from './validate-catalogue';

// PUT /api/internal/therapists/:id: one therapist, in either shape, checked and stored exactly as
// the import would check and store a catalogue holding only them (docs/decisions/0092).

const ROOT = '$.therapists[0]';

/** Problems of the one-therapist document, as paths into the body the caller sent. */
const rebased = (p: CatalogueProblem): CatalogueProblem => ({
  path: `$${p.path.slice(ROOT.length)}`,
  message: p.message.split(ROOT).join('$'),
});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Creates or replaces the therapist `id`. Idempotent: the same body again stores the same and
 * answers the same. Bookings are never touched; those the therapist as now stored strands are in
 * the answer.
 */
export async function putTherapist(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: string,
  body: unknown,
): Promise<TherapistPutAnswer> {
  if (!isPlainObject(body)) {
    throw catalogueProblems('The therapist', [
      { path: '$', message: 'must be one therapist, an object' },
    ]);
  }
  if ('id' in body && body.id !== id) {
    throw catalogueProblems('The therapist', [
      { path: '$.id', message: `must be "${id}", the id in the address, or left out` },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    const existing = await loadExistingCatalogue(tx);
    const validation = validateCatalogueDocument({ therapists: [{ ...body, id }] }, existing);
    if (!validation.ok) throw catalogueProblems('The therapist', validation.problems.map(rebased));
    await writeCatalogue(tx, validation.doc, existing);
    const therapist = await loadTherapistRecord(tx, id);
    if (!therapist) throw new Error(`Therapist ${id} was written but cannot be read back`);
    return { therapist, strandedBookings: await findStrandedBookings(tx, id, ctx.now()) };
  });
}
