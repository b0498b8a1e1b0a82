import type { Treatment } from './api';

export interface AddOnOffer {
  id: string;
  name: string;
  pricePence: number;
}

export interface MenuItem {
  treatment: Treatment;
  addOns: AddOnOffer[];
}

export interface MenuCategory {
  name: string;
  /** Stable, URL-safe id for in-page links ("lashes-brows"). */
  anchor: string;
  items: MenuItem[];
}

export function categoryAnchor(category: string): string {
  const slug = category
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `category-${slug || 'other'}`;
}

/**
 * The city's menu: main treatments grouped by category, categories in the order their first
 * treatment appears in the catalogue. Add-ons are never items of their own; they are listed
 * under each parent that offers them.
 */
export function groupTreatments(treatments: readonly Treatment[]): MenuCategory[] {
  const sorted = [...treatments].sort((a, b) => a.order - b.order);
  const byId = new Map(sorted.map((t) => [t.id, t]));
  const categories = new Map<string, MenuCategory>();

  for (const treatment of sorted) {
    if (treatment.isAddOn) continue;
    const addOns = treatment.addOnIds.flatMap((id) => {
      const addOn = byId.get(id);
      return addOn ? [{ id: addOn.id, name: addOn.name, pricePence: addOn.pricePence }] : [];
    });
    let category = categories.get(treatment.category);
    if (!category) {
      category = {
        name: treatment.category,
        anchor: categoryAnchor(treatment.category),
        items: [],
      };
      categories.set(treatment.category, category);
    }
    category.items.push({ treatment, addOns });
  }
  return [...categories.values()];
}
