import type { CatalogueTreatment } from './types';

export type Catalogue = ReadonlyMap<string, CatalogueTreatment>;

export type SelectionProblem =
  | { kind: 'empty' }
  | { kind: 'unknown'; ids: string[] }
  | { kind: 'duplicate'; ids: string[] }
  | { kind: 'add-on-without-parent'; ids: string[] };

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

function isBase(id: string, catalogue: Catalogue): boolean {
  const t = catalogue.get(id);
  return t !== undefined && !t.isAddOn;
}

/**
 * Selected non-add-on treatments, deduplicated, in selection order. Unknown ids are left out:
 * selectionProblems reports them, and they must not decide which therapists are eligible.
 */
export function baseTreatmentIds(selectedIds: readonly string[], catalogue: Catalogue): string[] {
  return unique(selectedIds.filter((id) => isBase(id, catalogue)));
}

/** Add-ons on offer under the selected parents, in parent order then the parent's own order. */
export function offeredAddOnIds(selectedIds: readonly string[], catalogue: Catalogue): string[] {
  const offered: string[] = [];
  for (const parentId of baseTreatmentIds(selectedIds, catalogue)) {
    for (const addOnId of catalogue.get(parentId)?.addOnIds ?? []) {
      // A parent may still list an add-on that has since left the catalogue or stopped being one.
      if (catalogue.get(addOnId)?.isAddOn === true) offered.push(addOnId);
    }
  }
  return unique(offered);
}

export function selectionProblems(
  selectedIds: readonly string[],
  catalogue: Catalogue,
): SelectionProblem[] {
  if (selectedIds.length === 0) return [{ kind: 'empty' }];
  const problems: SelectionProblem[] = [];

  const unknown = unique(selectedIds.filter((id) => !catalogue.has(id)));
  if (unknown.length > 0) problems.push({ kind: 'unknown', ids: unknown });

  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of selectedIds) {
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  if (duplicates.size > 0) problems.push({ kind: 'duplicate', ids: [...duplicates] });

  // docs/product.md#treatments-and-add-ons: an add-on needs a selected parent.
  const offered = new Set(offeredAddOnIds(selectedIds, catalogue));
  const orphans = unique(
    selectedIds.filter((id) => catalogue.get(id)?.isAddOn === true && !offered.has(id)),
  );
  if (orphans.length > 0) problems.push({ kind: 'add-on-without-parent', ids: orphans });

  return problems;
}

/**
 * Removes `removeIds`, then every add-on left without a selected parent. "If only add-ons
 * remain, all are removed" (docs/product.md#the-booking-flow) follows, since add-ons with no parent
 * at all have nothing to hang from. Unknown ids are kept: reporting them is selectionProblems' job,
 * not silently dropping them.
 */
export function removeTreatments(
  selectedIds: readonly string[],
  removeIds: readonly string[],
  catalogue: Catalogue,
): string[] {
  const removed = new Set(removeIds);
  const remaining = selectedIds.filter((id) => !removed.has(id));
  const offered = new Set(offeredAddOnIds(remaining, catalogue));
  return remaining.filter((id) => catalogue.get(id)?.isAddOn !== true || offered.has(id));
}
