import { describe, expect, it } from 'vitest';
import type { Treatment } from './api';
import { categoryAnchor, groupTreatments } from './group-treatments';

function treatment(overrides: Partial<Treatment> & Pick<Treatment, 'id' | 'order'>): Treatment {
  return {
    name: overrides.id,
    category: 'Massage',
    description: '',
    pricePence: 5000,
    durationMinutes: 60,
    isAddOn: false,
    addOnIds: [],
    ...overrides,
  };
}

describe('groupTreatments', () => {
  it('groups by category in catalogue order, whatever order the list arrives in', () => {
    const menu = groupTreatments([
      treatment({ id: 'manicure', category: 'Nails', order: 3 }),
      treatment({ id: 'facial', category: 'Facials', order: 2 }),
      treatment({ id: 'swedish', category: 'Massage', order: 1 }),
      treatment({ id: 'deep-tissue', category: 'Massage', order: 4 }),
    ]);
    expect(menu.map((c) => c.name)).toEqual(['Massage', 'Facials', 'Nails']);
    expect(menu[0]?.items.map((i) => i.treatment.id)).toEqual(['swedish', 'deep-tissue']);
  });

  it('lists add-ons under their parents only, in the order the parent names them', () => {
    const menu = groupTreatments([
      treatment({ id: 'swedish', order: 1, addOnIds: ['scalp', 'stones', 'gone'] }),
      treatment({ id: 'stones', name: 'Hot Stones', order: 2, isAddOn: true, pricePence: 1500 }),
      treatment({ id: 'scalp', name: 'Scalp Massage', order: 3, isAddOn: true, pricePence: 1000 }),
    ]);
    expect(menu).toHaveLength(1);
    expect(menu[0]?.items).toHaveLength(1);
    expect(menu[0]?.items[0]?.addOns).toEqual([
      { id: 'scalp', name: 'Scalp Massage', pricePence: 1000 },
      { id: 'stones', name: 'Hot Stones', pricePence: 1500 },
    ]);
  });

  it('drops a category that holds only add-ons', () => {
    const menu = groupTreatments([
      treatment({ id: 'tint', category: 'Brows', order: 1, isAddOn: true }),
    ]);
    expect(menu).toEqual([]);
  });
});

describe('categoryAnchor', () => {
  it('makes ids that are safe in a URL fragment', () => {
    expect(categoryAnchor('Lashes & Brows')).toBe('category-lashes-brows');
    expect(categoryAnchor('Make-up')).toBe('category-make-up');
    expect(categoryAnchor('***')).toBe('category-other');
  });
});
