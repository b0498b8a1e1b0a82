import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { CatalogueTreatment } from './types';
import {
  baseTreatmentIds,
  offeredAddOnIds,
  removeTreatments,
  selectionProblems,
  type Catalogue,
} from './selection';

function treatment(id: string, isAddOn: boolean, addOnIds: string[] = []): CatalogueTreatment {
  return { id, pricePence: 2000, durationMinutes: 30, isAddOn, addOnIds };
}

const catalogue: Catalogue = new Map(
  [
    treatment('massage', false, ['hot-stones', 'aromatherapy']),
    treatment('facial', false, ['eye-mask', 'aromatherapy', 'retired-add-on']),
    treatment('nails', false),
    treatment('hot-stones', true),
    treatment('aromatherapy', true),
    treatment('eye-mask', true),
  ].map((t) => [t.id, t]),
);

describe('selectionProblems', () => {
  it('accepts parents with their own add-ons', () => {
    expect(selectionProblems(['massage', 'hot-stones', 'facial', 'eye-mask'], catalogue)).toEqual(
      [],
    );
  });

  it('rejects an empty selection', () => {
    expect(selectionProblems([], catalogue)).toEqual([{ kind: 'empty' }]);
  });

  it('names unknown and duplicated ids once each', () => {
    expect(selectionProblems(['massage', 'gold-leaf', 'gold-leaf', 'massage'], catalogue)).toEqual([
      { kind: 'unknown', ids: ['gold-leaf'] },
      { kind: 'duplicate', ids: ['gold-leaf', 'massage'] },
    ]);
  });

  it('rejects add-ons without a selected parent that offers them', () => {
    expect(selectionProblems(['nails', 'hot-stones'], catalogue)).toEqual([
      { kind: 'add-on-without-parent', ids: ['hot-stones'] },
    ]);
    expect(selectionProblems(['eye-mask'], catalogue)).toEqual([
      { kind: 'add-on-without-parent', ids: ['eye-mask'] },
    ]);
  });
});

describe('baseTreatmentIds', () => {
  it('keeps known non-add-ons, deduplicated, in order', () => {
    expect(
      baseTreatmentIds(['facial', 'eye-mask', 'massage', 'facial', 'unknown'], catalogue),
    ).toEqual(['facial', 'massage']);
  });
});

describe('offeredAddOnIds', () => {
  it('lists add-ons under the selected parents in order, once, skipping stale ids', () => {
    expect(offeredAddOnIds(['facial', 'massage'], catalogue)).toEqual([
      'eye-mask',
      'aromatherapy',
      'hot-stones',
    ]);
    expect(offeredAddOnIds(['nails'], catalogue)).toEqual([]);
  });
});

describe('removeTreatments', () => {
  it('removes add-ons whose every selected parent is gone', () => {
    const selected = ['massage', 'hot-stones', 'aromatherapy', 'facial'];
    expect(removeTreatments(selected, ['massage'], catalogue)).toEqual(['aromatherapy', 'facial']);
  });

  it('removes everything when only add-ons would remain', () => {
    expect(
      removeTreatments(['massage', 'hot-stones', 'aromatherapy'], ['massage'], catalogue),
    ).toEqual([]);
  });

  it('removes just the add-on when asked', () => {
    expect(removeTreatments(['massage', 'hot-stones'], ['hot-stones'], catalogue)).toEqual([
      'massage',
    ]);
  });

  it('leaves unknown ids for selectionProblems to report', () => {
    expect(
      removeTreatments(['gold-leaf', 'massage', 'hot-stones'], ['massage'], catalogue),
    ).toEqual(['gold-leaf']);
  });

  it('property: the result never holds an add-on without its parent', () => {
    const ids = fc.constantFrom(...catalogue.keys(), 'gold-leaf');
    fc.assert(
      fc.property(fc.array(ids, { maxLength: 8 }), fc.array(ids, { maxLength: 4 }), (sel, rm) => {
        const result = removeTreatments(sel, rm, catalogue);
        const problems = selectionProblems(result, catalogue);
        expect(problems.some((p) => p.kind === 'add-on-without-parent')).toBe(false);
        // Nothing asked for removal survives, and no parent is dropped unasked.
        expect(result.some((id) => rm.includes(id))).toBe(false);
        const keptBases = sel.filter(
          (id) => !rm.includes(id) && catalogue.get(id)?.isAddOn === false,
        );
        expect(baseTreatmentIds(result, catalogue)).toEqual(baseTreatmentIds(keptBases, catalogue));
        if (baseTreatmentIds(result, catalogue).length === 0) {
          expect(result.every((id) => !catalogue.has(id))).toBe(true);
        }
      }),
      { seed: 4242, numRuns: 500 },
    );
  });
});
