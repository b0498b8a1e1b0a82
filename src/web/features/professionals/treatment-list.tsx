import { formatPence } from '../../../domain/format';
import { ClockIcon } from '../../components/icons';
import { CategoryArt, categoryAnchor } from '../catalogue';
import { formatDuration } from '../booking';
import type { ProfessionalTreatment } from './api';

interface Category {
  name: string;
  items: ProfessionalTreatment[];
}

/** Categories in the order their first treatment comes in the catalogue (the server's order). */
export function byCategory(treatments: readonly ProfessionalTreatment[]): Category[] {
  const categories = new Map<string, Category>();
  for (const t of treatments) {
    const category = categories.get(t.category) ?? { name: t.category, items: [] };
    category.items.push(t);
    categories.set(t.category, category);
  }
  return [...categories.values()];
}

/** A professional's treatments with price and time, a price-list rather than the city's menu. */
export function ProfessionalTreatmentList({
  treatments,
}: {
  treatments: readonly ProfessionalTreatment[];
}) {
  return (
    <div className="space-y-6">
      {byCategory(treatments).map((category) => {
        const id = `offered-${categoryAnchor(category.name)}`;
        return (
          <section key={category.name} aria-labelledby={id}>
            <h3
              id={id}
              className="flex items-center gap-2 text-sm font-semibold tracking-widest text-brand-800 uppercase"
            >
              <CategoryArt category={category.name} pixels={32} className="h-8 w-8" />
              {category.name}
            </h3>
            <ul className="mt-2 divide-y divide-brand-100 rounded-2xl border border-brand-100 bg-white shadow-sm">
              {category.items.map((t) => (
                <li
                  key={t.id}
                  className="flex items-center justify-between gap-4 px-4 py-3.5 sm:px-5"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{t.name}</p>
                    <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
                      <ClockIcon className="h-4 w-4 shrink-0" />
                      <span className="sr-only">Duration </span>
                      {formatDuration(t.durationMinutes)}
                    </p>
                  </div>
                  <p className="shrink-0 font-semibold text-brand-800 tabular-nums">
                    <span className="sr-only">Price </span>
                    {formatPence(t.pricePence)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
